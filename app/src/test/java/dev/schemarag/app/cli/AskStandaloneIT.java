package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.events.QuestionAsked;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag ask} with no retrieval or generation service running: by default it says so at once, and
 * {@code --standalone} answers through a throw-away pipeline that leaves no consumer group, internal topic or local
 * state behind and answers none of the questions asked before it started.
 */
class AskStandaloneIT {
    private static final Pattern JSON = Pattern.compile("(?ms)^\\{$.*?^\\}$");
    private static final String QUESTION = "How many employees are in each department?";
    private static CliTestEnvironment environment;
    private static Path home;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        home = dir;
        environment = CliTestEnvironment.start("ask_standalone_it", dir, false);
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void withoutARunningPipelineAskSaysSoAtOnce() throws Exception {
        long start = System.nanoTime();
        CliTestEnvironment.Run run = CliTestEnvironment.execute("ask", "--db", environment.databaseId, QUESTION);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(run.exitCode()).as(run.output()).isEqualTo(AskCommand.NO_PIPELINE);
        assertThat(run.output())
                .contains("failed: no_pipeline: no question pipeline is running (consumer group"
                        + " ask_standalone_it.retrieval: 0 members, ask_standalone_it.generation: 0 members,"
                        + " ask_standalone_it.execution: 0 members)")
                .contains("schemarag serve retrieval")
                .contains("--standalone");
        assertThat(took).as("not the answer timeout").isLessThan(Duration.ofSeconds(15));

        Map<String, Object> view =
                json(CliTestEnvironment.execute("ask", "--db", environment.databaseId, QUESTION, "--json"));
        assertThat(view).containsEntry("status", "failed").containsEntry("errorClass", "no_pipeline");
    }

    @Test
    void standaloneAnswersOnlyItsQuestionAndLeavesNothingBehind() throws Exception {
        QuestionAsked earlier;
        try (AskClient client = new AskClient(
                environment.services.bootstrapServers(),
                environment.services.security(),
                environment.services.topics())) {
            earlier = client.send(environment.databaseId, QUESTION, null); // nothing answers it now
        }
        Set<String> groups;
        Set<String> topics;
        try (Admin admin = admin()) {
            groups = groupIds(admin);
            topics = admin.listTopics().names().get();
        }

        try (AskClient watcher = new AskClient(
                environment.services.bootstrapServers(),
                environment.services.security(),
                environment.services.topics())) {
            CliTestEnvironment.Run run = CliTestEnvironment.execute(
                    "ask", "--db", environment.databaseId, QUESTION, "--json", "--standalone", "--timeout", "60");
            assertThat(run.exitCode()).as(run.output()).isZero();
            assertThat(json(run))
                    .containsEntry("status", "answered")
                    .containsEntry("sql", CliTestEnvironment.DOCUMENTED_SQL);
            assertThat(watcher.await(List.of(earlier), Duration.ofSeconds(2)))
                    .as("the question asked before the throw-away pipeline started")
                    .isEmpty();
        }

        try (Admin admin = admin()) {
            assertThat(groupIds(admin)).isEqualTo(groups);
            assertThat(admin.listTopics().names().get()).isEqualTo(topics);
        }
        Path stateDir = home.resolve(".schemarag");
        try (Stream<Path> state = Files.exists(stateDir) ? Files.list(stateDir) : Stream.empty()) {
            assertThat(state.map(p -> p.getFileName().toString()))
                    .as("local state")
                    .noneMatch(name -> name.startsWith("ask-"));
        }
    }

    private static Admin admin() {
        return Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()));
    }

    private static Set<String> groupIds(Admin admin) throws Exception {
        return admin.listGroups().all().get().stream()
                .map(GroupListing::groupId)
                .collect(Collectors.toSet());
    }

    private static Map<String, Object> json(CliTestEnvironment.Run run) throws Exception {
        Matcher json = JSON.matcher(run.output());
        assertThat(json.find()).as(run.output()).isTrue();
        return new ObjectMapper().readValue(json.group(), new TypeReference<>() {});
    }
}
