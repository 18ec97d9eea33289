package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag ask --json} through the command line on the real stack: the question goes through Kafka, retrieval
 * and offline generation, and the outcome is what closed it. The settings point at the test stack, so {@code ask}
 * starts no embedded stack of its own; it runs its own pipeline, as it does in production, so the environment's is
 * stopped.
 */
class AskCommandIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern JSON = Pattern.compile("(?ms)^\\{$.*?^\\}$");
    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("ask_it", dir);
        environment.stopPipeline();
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void aParaphraseOfADocumentedQueryIsAnsweredWithItsSql() throws Exception {
        Map<String, Object> view = ask(0, environment.databaseId, "How many employees are in each department?");

        assertThat(view)
                .containsEntry("status", "answered")
                .containsEntry("sql", CliTestEnvironment.DOCUMENTED_SQL)
                .containsEntry("tablesUsed", List.of("public.employees"))
                .containsEntry("attempts", 1)
                .containsEntry("errorClass", null)
                .containsEntry("sqlstate", null)
                .containsEntry(
                        "assumptions", List.of("The question was taken to mean: Number of employees per department"));
        // The example's similarity, at least the threshold: a deliberate full-schema packet lowers nothing.
        assertThat((Double) view.get("confidence")).isBetween(VerifiedExampleGenerator.DEFAULT_THRESHOLD, 1.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> metadata = (Map<String, Object>) view.get("retrievalMetadata");
        assertThat(metadata)
                .containsEntry("strategy", "full_schema")
                .containsEntry("tablesIncluded", 2)
                .containsEntry("fallbackReason", null);
        assertThat(CliTestEnvironment.printedBy(() -> AskCommand.print(view)))
                .containsPattern("(?m)^" + Pattern.quote(CliTestEnvironment.DOCUMENTED_SQL)
                        + "\n-- confidence [01]\\.\\d\\d, tables \\[public\\.employees\\], attempts 1$");
    }

    @Test
    void aQuestionOnAnUnregisteredDatabaseFailsInRetrieval() throws Exception {
        Map<String, Object> view = ask(1, "nowhere", "How many employees are in each department?");

        assertThat(view)
                .containsEntry("status", "failed")
                .containsEntry("errorClass", "unknown_database")
                .containsEntry("stage", "retrieval")
                .containsEntry("message", "database 'nowhere' is not registered")
                .containsEntry("sql", null)
                .containsEntry("tablesUsed", List.of());
        assertThat(CliTestEnvironment.printedBy(() -> AskCommand.print(view)))
                .contains("failed: unknown_database: database 'nowhere' is not registered\n");
    }

    @Test
    void aQuestionNoVerifiedExampleAnswersIsGenerationUnavailableWithoutAnLlm() throws Exception {
        Map<String, Object> view = ask(1, environment.databaseId, "Which employees were hired on a Monday?");

        assertThat(view)
                .containsEntry("status", "failed")
                .containsEntry("errorClass", "generation_unavailable")
                .containsEntry("stage", "generation")
                .containsEntry("sql", null)
                .containsEntry("attempts", 1);
        assertThat((String) view.get("message"))
                .startsWith("no LLM configured and no verified example is similar enough");
    }

    /** Runs {@code ask --json}, expecting {@code exitCode}, and reads the JSON it printed among the log lines. */
    private static Map<String, Object> ask(int exitCode, String databaseId, String question) throws Exception {
        CliTestEnvironment.Run run = CliTestEnvironment.execute(
                "ask", "--db", databaseId, question, "--json", "--timeout", String.valueOf(WAIT.toSeconds()));
        assertThat(run.exitCode()).as(run.output()).isEqualTo(exitCode);
        Matcher json = JSON.matcher(run.output());
        assertThat(json.find()).as(run.output()).isTrue();
        return new ObjectMapper().readValue(json.group(), new TypeReference<>() {});
    }
}
