package dev.schemarag.app;

import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ask} on the real stack: the question goes through Kafka, retrieval and offline generation, and the outcome
 * is what closed it. Driven through the parts {@link AskCommand#call} composes (settings, targets, pipeline, client,
 * view and text), because {@code call} itself first starts an embedded stack on the default ports unless one answers
 * there, whatever the settings say.
 */
class AskCommandIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("ask_it", dir);
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void aParaphraseOfADocumentedQueryIsAnsweredWithItsSql() throws Exception {
        Map<String, Object> view = ask(environment.databaseId, "How many employees are in each department?");

        // The verified-example generator names no tables, so none are reported even though the SQL reads one.
        assertThat(view).containsEntry("status", "answered").containsEntry("sql", CliTestEnvironment.DOCUMENTED_SQL)
                .containsEntry("tablesUsed", List.of()).containsEntry("attempts", 1)
                .containsEntry("errorClass", null).containsEntry("sqlstate", null)
                .containsEntry("assumptions", List.of("The question was taken to mean: Number of employees per department"));
        // The example's similarity (at least the threshold), times 0.7 for a packet without relevance scores.
        assertThat((Double) view.get("confidence")).isBetween(VerifiedExampleGenerator.DEFAULT_THRESHOLD * 0.7, 0.7);
        @SuppressWarnings("unchecked")
        Map<String, Object> metadata = (Map<String, Object>) view.get("retrievalMetadata");
        assertThat(metadata).containsEntry("strategy", "full_schema").containsEntry("tablesIncluded", 2)
                .containsEntry("fallbackReason", null);
        assertThat(CliTestEnvironment.printedBy(() -> AskCommand.print(view)))
                .containsPattern("(?m)^" + Pattern.quote(CliTestEnvironment.DOCUMENTED_SQL)
                        + "\n-- confidence 0\\.\\d\\d, tables \\[\\], attempts 1$");
    }

    @Test
    void aQuestionOnAnUnregisteredDatabaseFailsInRetrieval() throws Exception {
        Map<String, Object> view = ask("nowhere", "How many employees are in each department?");

        assertThat(view).containsEntry("status", "failed").containsEntry("errorClass", "unknown_database")
                .containsEntry("stage", "retrieval").containsEntry("message", "database 'nowhere' is not registered")
                .containsEntry("sql", null).containsEntry("tablesUsed", List.of());
        assertThat(CliTestEnvironment.printedBy(() -> AskCommand.print(view)))
                .contains("failed: unknown_database: database 'nowhere' is not registered\n");
    }

    @Test
    void aQuestionNoVerifiedExampleAnswersIsGenerationUnavailableWithoutAnLlm() throws Exception {
        Map<String, Object> view = ask(environment.databaseId, "Which employees were hired on a Monday?");

        assertThat(view).containsEntry("status", "failed").containsEntry("errorClass", "generation_unavailable")
                .containsEntry("stage", "generation").containsEntry("sql", null).containsEntry("attempts", 1);
        assertThat((String) view.get("message")).startsWith("no LLM configured and no verified example is similar enough");
    }

    private static Map<String, Object> ask(String databaseId, String question) throws Exception {
        try (AskClient client = new AskClient(environment.services.bootstrapServers(), environment.services.topics())) {
            return AskCommand.view(client.ask(databaseId, question, null, WAIT));
        }
    }
}
