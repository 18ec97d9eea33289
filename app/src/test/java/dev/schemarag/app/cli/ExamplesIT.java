package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.examples.MigrationThenWaitExample;
import dev.schemarag.examples.QuestionClientExample;
import dev.schemarag.examples.SchemaRagTopics;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client examples of the {@code examples} module, which know SchemaRAG only through its published contract,
 * against the test stack: the question client gets its answer (and a dead letter for a database nobody registered),
 * and the migration step returns only once the new column is in the index.
 */
class ExamplesIT {
    private static final String NAME = "examples_it";
    private static final Duration WAIT = Duration.ofSeconds(90);

    private static CliTestEnvironment environment;
    private static SchemaRagTopics topics;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start(NAME, dir, true);
        topics = new SchemaRagTopics(
                environment.services.bootstrapServers(), environment.services.registryUrl(), NAME + ".");
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void theQuestionClientGetsTheValidatedAnswerByItsId() throws Exception {
        Optional<QuestionClientExample.Outcome> outcome =
                QuestionClientExample.ask(topics, NAME, "How many employees are in each department?", WAIT);

        assertThat(outcome).isPresent();
        assertThat(outcome.get().failure()).isNull();
        assertThat(outcome.get().answer().getSql()).isEqualTo(CliTestEnvironment.DOCUMENTED_SQL);
        assertThat(outcome.get().answer().getCorrelationId())
                .isEqualTo(outcome.get().questionId());
    }

    @Test
    void theQuestionClientGetsTheDeadLetterOfAQuestionThatCannotBeAnswered() throws Exception {
        Optional<QuestionClientExample.Outcome> outcome =
                QuestionClientExample.ask(topics, "nowhere", "How many employees are in each department?", WAIT);

        assertThat(outcome).isPresent();
        assertThat(outcome.get().answer()).isNull();
        assertThat(outcome.get().failure().getErrorClass()).isEqualTo("unknown_database");
    }

    @Test
    void theMigrationStepContinuesOnceTheNewColumnIsIndexed() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        DatabaseRegistry databases = TargetDatabases.load(environment.services);
        TableName employees = new TableName("public", "employees");
        try (IngestService ingest = environment.services.ingest(databases)) {
            ingest.startLiveSync(StreamsSettings.DEFAULTS, new SimpleMeterRegistry(), () -> {});
            ingest.awaitCaptureReady(WAIT);

            Optional<SchemaCatalogEntry> indexed = MigrationThenWaitExample.migrateAndWait(
                    topics,
                    NAME,
                    () -> {
                        try (Connection c = DriverManager.getConnection(
                                        stack.postgres().jdbcUrl(NAME),
                                        stack.postgres().user(),
                                        stack.postgres().password());
                                Statement s = c.createStatement()) {
                            s.execute("ALTER TABLE employees ADD COLUMN office_city text");
                        }
                    },
                    "public",
                    "employees",
                    entry -> entry.getColumns().contains("office_city"),
                    WAIT);

            assertThat(indexed).isPresent();
            // When the step returns, the column is already in pgvector: the next question can find it.
            assertThat(new PgVectorSchemaStore(environment.services.store())
                            .hashes(NAME, employees)
                            .keySet())
                    .contains(EntityKey.column(employees, "office_city"));
        }
    }
}
