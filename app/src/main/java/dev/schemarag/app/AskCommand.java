package dev.schemarag.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code schemarag ask --db <id> "<question>" [--json] [--standalone]}: exit 0 only when answered, 1 when the question
 * failed or timed out, 3 when no pipeline runs.
 *
 * <p>By default a client of the running services: it publishes the question and waits for its outcome without
 * joining any consumer group. {@code --standalone} answers through a {@link ThrowAwayPipeline} in this process.
 */
@Command(
        name = "ask",
        description = "Publish a question and print its validated answer, or the dead-letter record that closed it.")
final class AskCommand implements Callable<Integer> {
    static final int NO_PIPELINE = 3;

    @Option(names = "--db", required = true, description = "registered database id")
    String databaseId;

    @Parameters(index = "0", description = "the question")
    String question;

    @Option(names = "--json", description = "print the outcome as JSON")
    boolean json;

    @Option(names = "--use-retrieval", arity = "1", description = "force RAG (true) or the full schema (false)")
    Boolean useRetrieval;

    @Option(names = "--timeout", defaultValue = "120", description = "seconds to wait for the answer")
    int timeoutSeconds;

    @Option(
            names = "--standalone",
            description = "answer through a throw-away retrieval and generation in this process (and the embedded"
                    + " stack when none runs) instead of the running services")
    boolean standalone;

    @Override
    public Integer call() throws Exception {
        return standalone ? askStandalone() : askServices();
    }

    /** Asks the running services; never starts anything. */
    private int askServices() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            PipelineProbe.Status status = stackDown(services.settings())
                    ? PipelineProbe.Status.unreachable(
                            "no question pipeline is running: the embedded stack is not up (`schemarag stack up`)")
                    : PipelineProbe.check(
                            services.bootstrapServers(),
                            services.security(),
                            services.settings().get(AppSettings.TOPIC_PREFIX));
            if (!status.running()) {
                report(noPipeline(status.notRunning()));
                return NO_PIPELINE;
            }
            return ask(services);
        }
    }

    @SuppressWarnings("try") // the stack and the pipeline stay open for the command's lifetime without being referenced
    private int askStandalone() throws Exception {
        try (StackSession stack = StackSession.ensure(SchemaRagCli.home());
                Services services = Services.fromEnvironment()) {
            PipelineProbe.Status status = PipelineProbe.check(
                    services.bootstrapServers(),
                    services.security(),
                    services.settings().get(AppSettings.TOPIC_PREFIX));
            if (status.running()) {
                // Its pipeline would answer every question asked meanwhile a second time.
                System.err.println("a question pipeline is running (" + status.retrievalGroup() + ", "
                        + status.generationGroup() + "): ask without --standalone");
                return 2;
            }
            try (ThrowAwayPipeline pipeline = new ThrowAwayPipeline(services, TargetDatabases.load(services), "ask")) {
                return ask(services);
            }
        }
    }

    private int ask(Services services) throws Exception {
        try (AskClient client = new AskClient(services.bootstrapServers(), services.security(), services.topics())) {
            Optional<AskClient.Outcome> outcome =
                    client.ask(databaseId, question, useRetrieval, Duration.ofSeconds(timeoutSeconds));
            Map<String, Object> view = view(outcome);
            report(view);
            return "answered".equals(view.get("status")) ? 0 : 1;
        }
    }

    /** Whether the settings name the embedded stack while it is not running: nothing can be running on it either. */
    private static boolean stackDown(Settings settings) {
        return StackSession.usesEmbeddedStack(settings)
                && !DetachedStack.status(StackConfig.defaults(SchemaRagCli.home()))
                        .allUp();
    }

    private void report(Map<String, Object> view) throws Exception {
        if (json)
            System.out.println(new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(view));
        else print(view);
    }

    static Map<String, Object> noPipeline(String message) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("status", "failed");
        v.put("errorClass", "no_pipeline");
        v.put("message", message);
        return v;
    }

    static Map<String, Object> view(Optional<AskClient.Outcome> outcome) {
        Map<String, Object> v = new LinkedHashMap<>();
        if (outcome.isEmpty()) {
            v.put("status", "failed");
            v.put("errorClass", "timeout");
            return v;
        }
        AskClient.Outcome o = outcome.get();
        v.put("id", o.question().getId());
        if (o.answer() != null) {
            AnswerValidated a = o.answer();
            v.put("status", "answered");
            v.put("sql", a.getSql());
            v.put("explanation", a.getExplanation());
            v.put("confidence", a.getConfidence());
            v.put("tablesUsed", a.getTablesUsed());
            v.put("assumptions", a.getAssumptions());
            v.put("lintWarnings", a.getLintWarnings());
            v.put("errorClass", null);
            v.put("sqlstate", null);
            v.put("attempts", a.getAttempts());
            v.put("retrievalMetadata", metadata(a.getRetrievalMetadata()));
        } else {
            FailureRecord f = o.failure();
            v.put("status", "failed");
            v.put("sql", null);
            v.put("confidence", 0.0);
            v.put("tablesUsed", java.util.List.of());
            v.put("errorClass", f.getErrorClass());
            v.put("sqlstate", f.getSqlstate());
            v.put("attempts", f.getAttempt());
            v.put("message", f.getMessage());
            v.put("stage", f.getStage());
            v.put("retrievalMetadata", null);
        }
        return v;
    }

    private static Map<String, Object> metadata(RetrievalMetadata m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("strategy", m.getStrategy());
        v.put("tablesIncluded", m.getTablesIncluded());
        v.put("chunksRetrieved", m.getChunksRetrieved());
        v.put("avgRelevanceScore", m.getAvgRelevanceScore());
        v.put("fallbackReason", m.getFallbackReason());
        v.put("contextTokens", m.getContextTokens());
        v.put("fullSchemaTokens", m.getFullSchemaTokens());
        return v;
    }

    static void print(Map<String, Object> view) {
        if ("answered".equals(view.get("status"))) {
            System.out.println(view.get("sql"));
            System.out.printf(
                    java.util.Locale.ROOT,
                    "-- confidence %.2f, tables %s, attempts %s%n",
                    (Double) view.get("confidence"),
                    view.get("tablesUsed"),
                    view.get("attempts"));
            System.out.println("-- unreviewed: schemarag feedback " + view.get("id") + " approve|reject");
        } else {
            System.out.println("failed: " + view.get("errorClass")
                    + (view.get("sqlstate") == null ? "" : " (SQLSTATE " + view.get("sqlstate") + ")")
                    + (view.get("message") == null ? "" : ": " + view.get("message")));
        }
    }
}
