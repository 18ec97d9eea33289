package dev.schemarag.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.RetrievalMetadata;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code schemarag ask --db <id> "<question>" [--json]}: exit 0 only when answered. */
@Command(
        name = "ask",
        description = "Publish a question and print its validated answer, or the dead-letter record that closed it.")
final class AskCommand implements Callable<Integer> {
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

    @Override
    @SuppressWarnings("try") // the stack (and pipeline) stay open for the command's lifetime without being referenced
    public Integer call() throws Exception {
        try (StackSession stack = StackSession.ensure(SchemaRagCli.home());
                Services services = Services.fromEnvironment();
                PipelineSession pipeline = new PipelineSession(services, Targets.load(services));
                AskClient client = new AskClient(services.bootstrapServers(), services.security(), services.topics())) {
            Optional<AskClient.Outcome> outcome =
                    client.ask(databaseId, question, useRetrieval, Duration.ofSeconds(timeoutSeconds));
            Map<String, Object> view = view(outcome);
            if (json)
                System.out.println(new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(view));
            else print(view);
            return "answered".equals(view.get("status")) ? 0 : 1;
        }
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
