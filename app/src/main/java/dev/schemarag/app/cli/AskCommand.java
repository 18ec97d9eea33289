package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.pipeline.PipelineProbe;
import dev.schemarag.app.pipeline.ThrowAwayPipeline;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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
    @Spec
    CommandSpec spec;

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
            if (stackDown(services.settings())) {
                report(noPipeline(PipelineProbe.Status.unreachable(
                                "no question pipeline is running: the embedded stack is not up (`schemarag stack up`)")
                        .notRunning()));
                return NO_PIPELINE;
            }
            // The client's start-up (producer, consumer at the topics' ends) and the probe both wait on the broker:
            // overlapped, a question costs one of these waits. The question is sent only once the probe found services,
            // which created the topics when they started: the client does not prepare them again.
            CompletableFuture<AskClient> starting =
                    CompletableFuture.supplyAsync(() -> client(services, services.existingTopics()));
            PipelineProbe.Status status = PipelineProbe.check(
                    services.bootstrapServers(),
                    services.security(),
                    services.settings().get(AppSettings.TOPIC_PREFIX));
            if (!status.running()) {
                starting.thenAccept(AskClient::close); // it may still wait for a broker that does not answer
                report(noPipeline(status.notRunning()));
                return NO_PIPELINE;
            }
            try (AskClient client = join(starting)) {
                return ask(client);
            }
        }
    }

    @SuppressWarnings("try") // the stack and the pipeline stay open for the command's lifetime without being referenced
    private int askStandalone() throws Exception {
        try (StackSession stack = StackSession.ensure(
                        ServiceRuntime.home(), spec.commandLine().getOut());
                Services services = Services.fromEnvironment()) {
            PipelineProbe.Status status = PipelineProbe.check(
                    services.bootstrapServers(),
                    services.security(),
                    services.settings().get(AppSettings.TOPIC_PREFIX));
            if (status.running()) {
                // Its pipeline would answer every question asked meanwhile a second time.
                spec.commandLine()
                        .getErr()
                        .println("a question pipeline is running (" + status.retrievalGroup() + ", "
                                + status.generationGroup() + "): ask without --standalone");
                return 2;
            }
            try (ThrowAwayPipeline pipeline = new ThrowAwayPipeline(
                            services,
                            TargetDatabases.load(services),
                            "ask",
                            spec.commandLine().getErr());
                    AskClient client = client(services, services.topics())) {
                return ask(client);
            }
        }
    }

    private static AskClient client(Services services, Topics topics) {
        return new AskClient(services.bootstrapServers(), services.security(), topics);
    }

    private static AskClient join(CompletableFuture<AskClient> starting) throws Exception {
        try {
            return starting.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private int ask(AskClient client) throws Exception {
        Optional<AskClient.Outcome> outcome =
                client.ask(databaseId, question, useRetrieval, Duration.ofSeconds(timeoutSeconds));
        Map<String, Object> view = OutcomeView.of(outcome);
        report(view);
        return "answered".equals(view.get("status")) ? 0 : 1;
    }

    /**
     * Whether the settings name the embedded stack while its broker is not even listening: nothing can be running on
     * it either. A port check only, since a full probe of the stack would cost a client more than its question.
     */
    private static boolean stackDown(Settings settings) {
        return StackSession.usesEmbeddedStack(settings)
                && !DetachedStack.brokerListening(StackConfig.defaults(ServiceRuntime.home()));
    }

    private void report(Map<String, Object> view) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (json)
            out.println(new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(view));
        else print(view, out);
    }

    static Map<String, Object> noPipeline(String message) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("status", "failed");
        v.put("errorClass", "no_pipeline");
        v.put("message", message);
        return v;
    }

    static void print(Map<String, Object> view, PrintWriter out) {
        if ("answered".equals(view.get("status"))) {
            out.println(view.get("sql"));
            out.printf(
                    java.util.Locale.ROOT,
                    "-- confidence %.2f, tables %s, attempts %s%n",
                    (Double) view.get("confidence"),
                    view.get("tablesUsed"),
                    view.get("attempts"));
            out.println("-- unreviewed: schemarag feedback " + view.get("id") + " approve|reject");
        } else {
            out.println("failed: " + view.get("errorClass")
                    + (view.get("sqlstate") == null ? "" : " (SQLSTATE " + view.get("sqlstate") + ")")
                    + (view.get("message") == null ? "" : ": " + view.get("message")));
        }
    }
}
