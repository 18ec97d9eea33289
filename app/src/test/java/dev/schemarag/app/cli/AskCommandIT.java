package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.service.GenerationService;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag ask --json} through the command line on the real stack, as a client of the retrieval and generation
 * services running as {@code serve} runs them: the question goes through Kafka, retrieval and offline generation, and
 * the outcome is what closed it. The settings point at the test stack, so {@code ask} starts no embedded stack.
 */
class AskCommandIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern JSON = Pattern.compile("(?ms)^\\{$.*?^\\}$");
    private static CliTestEnvironment environment;
    private static String legacyGeneration;
    private static TopicPartition legacyProgress;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("ask_it", dir, false);
        // An earlier version's generation group, stopped where it had read up to: the upgraded service resumes there.
        legacyGeneration = "ask_it." + GenerationService.LEGACY_APPLICATION_ID;
        legacyProgress = new TopicPartition(
                environment.services.topics().contextRetrieved().name(), 0);
        try (Admin admin = admin()) {
            admin.alterConsumerGroupOffsets(legacyGeneration, Map.of(legacyProgress, new OffsetAndMetadata(0)))
                    .all()
                    .get();
        }
        environment.startPipeline();
    }

    private static Admin admin() {
        return Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()));
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void generationRunsUnderItsOwnNameAndCarriedTheEarlierVersionsOffsetsOver() throws Exception {
        try (Admin admin = admin()) {
            assertThat(ConsumerGroups.committed(admin, "ask_it.generation")).containsKey(legacyProgress);
            assertThat(ConsumerGroups.committed(admin, legacyGeneration)).isEmpty();
            assertThat(admin.listGroups().all().get())
                    .extracting(GroupListing::groupId)
                    .contains("ask_it.retrieval", "ask_it.generation")
                    .doesNotContain(legacyGeneration);
        }
    }

    @Test
    void askIsAClientThatJoinsNoGroupAndLeavesTheServicesMembersAlone() throws Exception {
        try (Admin admin = admin()) {
            ask(0, environment.databaseId, "How many employees are in each department?"); // warm the services
            Set<String> groups = groupIds(admin);
            Map<String, Set<String>> members = members(admin);
            assertThat(members.values()).allSatisfy(ids -> assertThat(ids).isNotEmpty());

            List<Long> millis = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long start = System.nanoTime();
                ask(0, environment.databaseId, "How many employees are in each department?");
                millis.add((System.nanoTime() - start) / 1_000_000);
            }
            System.out.println("ask as a client of the running services, wall time in this JVM (ms): " + millis);

            assertThat(groupIds(admin)).isEqualTo(groups);
            assertThat(members(admin)).isEqualTo(members);
        }
    }

    private static Set<String> groupIds(Admin admin) throws Exception {
        return admin.listGroups().all().get().stream()
                .map(GroupListing::groupId)
                .collect(Collectors.toSet());
    }

    private static Map<String, Set<String>> members(Admin admin) throws Exception {
        List<String> services = List.of("ask_it.retrieval", "ask_it.generation");
        return admin.describeConsumerGroups(services).all().get().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().members().stream()
                        .map(MemberDescription::consumerId)
                        .collect(Collectors.toSet())));
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
        assertThat(printed(view))
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
                .containsEntry(
                        "message", "database 'nowhere' has no catalog in the store: not registered, or not synced yet")
                .containsEntry("sql", null)
                .containsEntry("tablesUsed", List.of());
        assertThat(printed(view))
                .contains(
                        "failed: unknown_database: database 'nowhere' has no catalog in the store: not registered, or not synced yet\n");
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

    /** The printed text of an outcome read back from {@code --json}, told apart by its status as a JSON client does. */
    private static String printed(Map<String, Object> view) {
        Class<? extends OutcomeView> type =
                OutcomeView.ANSWERED.equals(view.get("status")) ? OutcomeView.Answered.class : OutcomeView.Failed.class;
        StringWriter out = new StringWriter();
        OutcomeText.print(
                new ObjectMapper()
                        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                        .convertValue(view, type),
                new PrintWriter(out));
        return out.toString();
    }
}
