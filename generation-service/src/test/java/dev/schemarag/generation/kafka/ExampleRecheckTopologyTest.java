package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.ExampleInvalidated;
import dev.schemarag.events.ExampleState;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.examples.ExampleDependencies;
import dev.schemarag.generation.staleness.DependentExamples;
import dev.schemarag.generation.staleness.ExampleRechecks;
import dev.schemarag.generation.staleness.ExampleReplanner;
import dev.schemarag.generation.staleness.Replan;
import dev.schemarag.generation.staleness.StoredExample;
import dev.schemarag.generation.validation.SchemaColumns;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A captured schema change re-checks the examples reading the changed table, through the validation path, and
 * announces each one it quarantines or restores; the database is scripted: first_name exists until it is renamed.
 */
class ExampleRecheckTopologyTest {
    private static final String FIRST_NAMES = "SELECT first_name FROM employees";
    private static final String COUNT = "SELECT count(*) FROM public.employees";
    private static final String DEPARTMENTS = "SELECT name FROM departments";

    private final Database database = new Database();
    private final Examples examples = new Examples();
    private TopologyTestDriver driver;
    private TestInputTopic<String, SchemaChanged> changes;
    private TestOutputTopic<String, ExampleInvalidated> announced;

    @BeforeEach
    void build(@TempDir Path stateDir) {
        examples.add(1, FIRST_NAMES);
        examples.add(2, COUNT);
        examples.add(3, DEPARTMENTS);
        Topics topics = new Topics("recheck-test.", new InMemorySchemaRegistry());
        ExampleRechecks rechecks = new ExampleRechecks(
                examples, new ExampleReplanner(new StatementValidator(database), Duration.ofSeconds(5)));
        StreamsBuilder builder = new StreamsBuilder();
        ExampleRecheckTopology.build(builder, topics, rechecks);
        Properties props = StreamsProperties.of(
                "recheck-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                topics.deadLetter(DeadLetterTopic.UNKNOWN),
                "validation",
                stateDir,
                StreamsSettings.DEFAULTS,
                GenerationTopology.LONGEST_STEP);
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, SchemaChanged> source = topics.schemaChanges();
        changes = driver.createInputTopic(
                source.name(),
                source.keySerde().serializer(),
                source.valueSerde().serializer());
        Topic<String, ExampleInvalidated> sink = topics.examplesInvalidated();
        announced = driver.createOutputTopic(
                sink.name(), sink.keySerde().deserializer(), sink.valueSerde().deserializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void aRenamedColumnQuarantinesTheExamplesReadingItAndNothingElse() {
        database.firstNameRenamed = true;
        changes.pipeInput("erp.public.employees", change("employees", null));

        List<KeyValue<String, ExampleInvalidated>> events = announced.readKeyValuesToList();
        assertThat(events).extracting(e -> e.key).containsExactly("erp.1");
        ExampleInvalidated event = events.get(0).value;
        assertThat(event.getState()).isEqualTo(ExampleState.QUARANTINED);
        assertThat(event.getReason()).isEqualTo("42703 column \"first_name\" does not exist");
        assertThat(event.getSqlstate()).isEqualTo("42703");
        assertThat(event.getColumns()).containsExactly("first_name");
        assertThat(event.getChangedTable()).isEqualTo("public.employees");
        assertThat(event.getCatalogVersion()).isEqualTo("7");
        assertThat(examples.byId.get(1L).quarantined()).isTrue();
        assertThat(examples.byId.get(2L).quarantined()).isFalse();
        assertThat(database.explained).containsExactlyInAnyOrder(FIRST_NAMES, COUNT);
    }

    @Test
    void renamingBackRestoresThem() {
        database.firstNameRenamed = true;
        changes.pipeInput("erp.public.employees", change("employees", null));
        announced.readKeyValuesToList();

        database.firstNameRenamed = false;
        changes.pipeInput("erp.public.employees", change("employees", null));

        ExampleInvalidated restored = announced.readValue();
        assertThat(restored.getExampleId()).isEqualTo(1);
        assertThat(restored.getState()).isEqualTo(ExampleState.RESTORED);
        assertThat(restored.getReason()).isNull();
        assertThat(examples.byId.get(1L).quarantined()).isFalse();
        assertThat(announced.isEmpty()).isTrue();
    }

    @Test
    void aRenamedTableReChecksTheExamplesReadingItsOldName() {
        database.employeesRenamed = true;
        changes.pipeInput("erp.public.staff", change("staff", "employees"));

        assertThat(announced.readValuesToList())
                .extracting(ExampleInvalidated::getExampleId, ExampleInvalidated::getChangedTable)
                .containsExactlyInAnyOrder(tuple(1L, "public.employees"), tuple(2L, "public.employees"));
    }

    @Test
    void aChangeOfATableNoExampleReadsPlansNothing() {
        changes.pipeInput("erp.public.projects", change("projects", null));

        assertThat(announced.isEmpty()).isTrue();
        assertThat(database.explained).isEmpty();
    }

    @Test
    void aDatabaseThatCannotBeReachedQuarantinesNothing() {
        database.firstNameRenamed = true;
        database.down = true;
        changes.pipeInput("erp.public.employees", change("employees", null));

        assertThat(announced.isEmpty()).isTrue();
        assertThat(examples.byId.values()).noneMatch(StoredExample::quarantined);
    }

    private static SchemaChanged change(String table, String previousTable) {
        return SchemaChanged.newBuilder()
                .setDatabaseId("erp")
                .setSchema$("public")
                .setTable(table)
                .setPreviousTable(previousTable)
                .setChangeKind(previousTable == null ? ChangeKind.ALTER_TABLE : ChangeKind.RENAME_TABLE)
                .setCommandTag("ALTER TABLE")
                .setSourcePosition("0/1")
                .setTimestamp(Instant.EPOCH)
                .build();
    }

    /** The target as EXPLAIN sees it: first_name and employees exist until renamed. */
    private static final class Database implements TargetDatabases {
        final List<String> explained = new ArrayList<>();
        boolean firstNameRenamed;
        boolean employeesRenamed;
        boolean down;

        @Override
        public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
            explained.add(sql);
            if (down) return new ExplainResult.Refused(ErrorClass.INFRA_FAILURE, "connection refused");
            if (employeesRenamed && sql.contains("employees"))
                return new ExplainResult.Rejected("42P01", "ERROR: relation \"employees\" does not exist");
            if (firstNameRenamed && sql.contains("first_name"))
                return new ExplainResult.Rejected(
                        "42703", "ERROR: column \"first_name\" does not exist\n  Position: 8");
            return new ExplainResult.Planned("Seq Scan");
        }

        @Override
        public boolean admits(String databaseId, Asker asker) {
            return true;
        }

        @Override
        public boolean executes(String databaseId) {
            return false;
        }

        @Override
        public SchemaColumns columns(String databaseId, List<String> tables) {
            return SchemaColumns.empty();
        }
    }

    /** The store's examples of database erp, in memory. */
    private static final class Examples implements DependentExamples {
        final Map<Long, StoredExample> byId = new TreeMap<>();

        void add(long id, String sql) {
            byId.put(id, new StoredExample(id, "erp", "doc", "question " + id, sql, ExampleDependencies.of(sql), null));
        }

        @Override
        public List<StoredExample> reading(String databaseId, String schema, String table) {
            return List.copyOf(byId.values());
        }

        @Override
        public void quarantine(long exampleId, Replan.Broken cause) {
            set(exampleId, cause.reason());
        }

        @Override
        public void restore(long exampleId) {
            set(exampleId, null);
        }

        private void set(long id, String reason) {
            StoredExample e = byId.get(id);
            byId.put(id, new StoredExample(id, e.databaseId(), e.source(), e.question(), e.sql(), e.reads(), reason));
        }

        @Override
        public Optional<String> catalogVersion(String databaseId) {
            return Optional.of("7");
        }
    }
}
