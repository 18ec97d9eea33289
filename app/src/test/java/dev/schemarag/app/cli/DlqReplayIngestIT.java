package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.app.Services;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dlq replay ingest} on a failure the embedding updater itself dead-lettered: a schema change of a database
 * ingest did not know yet. Once the database is registered, the replay sends the change's original bytes back to
 * schema-changes and the updater applies it.
 */
class DlqReplayIngestIT {
    private static final String NAME = "dlq_ingest_it";
    private static final String LATER = "dlq_ingest_it_later";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Pattern ONE_INGEST_FAILURE = Pattern.compile("(?m)^ingest +1$");

    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start(NAME, dir, false);
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void replayOfAnIngestFailureIsAppliedOnceItsCauseIsGone() throws Exception {
        Services services = environment.services;
        DatabaseRegistry known = TargetDatabases.load(services);
        try (IngestService ingest = services.ingest(known)) {
            ingest.startLiveSync(
                    StreamsSettings.DEFAULTS,
                    new SimpleMeterRegistry(),
                    () -> {}); // a dead updater fails the test: nothing changes
            ingest.awaitCaptureReady(WAIT);
            send(change(LATER, "projects"));
            await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).until(() -> ONE_INGEST_FAILURE
                    .matcher(CliTestEnvironment.execute("dlq", "list").output())
                    .find());
        }
        assertThat(CliTestEnvironment.execute("dlq", "show", "ingest").output())
                .contains("unknown_database")
                .contains("'" + LATER + "'");

        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(LATER);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database later = new Database(stack.postgres().jdbcUrl(LATER), user, password);
                Connection session = later.open();
                Statement s = session.createStatement()) {
            s.execute("CREATE TABLE projects (project_id int PRIMARY KEY, title text)");
        }
        List<RegisteredDatabase> both = new ArrayList<>(known.all());
        both.add(new RegisteredDatabase(
                LATER,
                stack.postgres().jdbcUrl(LATER),
                new Credentials(user, password),
                null,
                List.of("public"),
                null,
                null));
        try (IngestService ingest = services.ingest(new DatabaseRegistry(both))) {
            ingest.startLiveSync(
                    StreamsSettings.DEFAULTS,
                    new SimpleMeterRegistry(),
                    () -> {}); // a dead updater fails the test: nothing changes
            ingest.awaitCaptureReady(WAIT);

            CliTestEnvironment.Run run = CliTestEnvironment.execute("dlq", "replay", "ingest");

            assertThat(run.exitCode()).isZero();
            assertThat(run.output()).contains("replayed 1 of 1 record(s) from " + NAME + ".dlq.ingest");
            await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> storedEntities(LATER) == 3);
        }
    }

    private static SchemaChanged change(String databaseId, String table) {
        return SchemaChanged.newBuilder()
                .setDatabaseId(databaseId)
                .setSchema$("public")
                .setTable(table)
                .setChangeKind(ChangeKind.CREATE_TABLE)
                .setCommandTag("CREATE TABLE")
                .setSourcePosition("0")
                .setTimestamp(Instant.now())
                .build();
    }

    private static void send(SchemaChanged change) throws Exception {
        Topic<String, SchemaChanged> topic = environment.services.topics().schemaChanges();
        try (KafkaProducer<String, SchemaChanged> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topic.name(), key(change), change))
                    .get();
        }
    }

    private static String key(SchemaChanged change) {
        return change.getDatabaseId() + "." + change.getSchema$() + "." + change.getTable();
    }

    /** The table and its two columns, once the replayed change is applied. */
    private static int storedEntities(String databaseId) throws Exception {
        try (Connection session = environment.services.store().borrow();
                PreparedStatement ps =
                        session.prepareStatement("SELECT count(*) FROM schema_embeddings WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
