package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.DeadLetterArchive;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.generation.answer.Events;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The execution service on a real broker and PostgreSQL, repairs from the scripted LLM: answers are published to the
 * answers topic as generation would, and each ends in exactly one result or dead letter. The statements run through
 * the production executor as the database's reader, under a statement timeout of a second.
 */
class ExecutionServiceIT {
    /**
     * Runs until the statement timeout stops it, and passes the read-only guard (which blocks pg_sleep), as a
     * generated answer that only EXPLAIN saw would.
     */
    private static final String ENDLESS =
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r";

    private static final String DB = "execution_service_it";
    private static final String PACKET = "CREATE TABLE public.employees (employee_id bigint, last_name text);";
    private static final String ROWS_SQL =
            "SELECT e.employee_id, e.last_name FROM public.employees e ORDER BY e.employee_id";
    private static final Credentials READER = new Credentials(ReaderRole.NAME, "reader-secret");

    private static EmbeddedStack stack;
    private static ScriptedChatCompletions llm;
    private static Topics topics;
    private static Database admin;
    private static QueryExecutorsByDialect executor;
    private static ExecutionService service;
    private static final AtomicBoolean fatal = new AtomicBoolean();

    @BeforeAll
    static void start(@TempDir Path stateDir) throws Exception {
        stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        admin = new Database(
                stack.postgres().jdbcUrl(DB),
                stack.postgres().user(),
                stack.postgres().password());
        try (Connection session = admin.borrow();
                Statement st = session.createStatement()) {
            st.execute("DROP TABLE IF EXISTS employees");
            st.execute("CREATE TABLE employees (employee_id bigint PRIMARY KEY, last_name text)");
            st.execute("INSERT INTO employees VALUES (1, 'Lovelace'), (2, 'Hopper'), (3, NULL)");
            ReaderRole.grant(session, DB, List.of("public"), READER.password());
        }
        llm = new ScriptedChatCompletions();
        topics = new Topics("execution-service-it.", stack.registryClient());
        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, TopicSettings.DEFAULTS);
        String url = stack.postgres().jdbcUrl(DB);
        DatabaseRegistry databases = new DatabaseRegistry(List.of(
                new RegisteredDatabase("exec", url, null, READER, List.of("public"), null, null).withExecute(true)));
        Settings settings = Settings.of(Map.of(
                "llm.base.url",
                llm.baseUrl().toString(),
                "llm.max.retries",
                "0",
                "llm.timeout.seconds",
                "10",
                "execution.statement.timeout.millis",
                "1000"));
        executor = ExecutionSettings.queryExecutor(settings, databases);
        service = new ExecutionService(
                topics.prefix() + ExecutionService.APPLICATION_ID,
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                stateDir,
                topics,
                settings,
                databases,
                executor,
                settings.get(ExecutionSettings.MAX_ROWS),
                new SimpleMeterRegistry());
        service.start(() -> fatal.set(true));
    }

    @AfterAll
    static void stop() {
        if (service != null) service.close();
        if (executor != null) executor.close();
        if (llm != null) llm.close();
        if (admin != null) admin.close();
    }

    @AfterEach
    void stillRunning() {
        // A follow-up rebalance (Kafka Streams probes for its stores' warm-up) is no failure; a dead stream is.
        assertThat(service.state().isRunningOrRebalancing())
                .as("stream state " + service.state())
                .isTrue();
        assertThat(fatal).as("fatal stream failure").isFalse();
    }

    @Test
    void anAnswerToExecuteGivesTheRowsTheDatabaseHolds() throws Exception {
        String id = "rows-" + UUID.randomUUID();

        publish(answer(id, ROWS_SQL, true));

        QueryResult result = (QueryResult) awaitOutcome(id);
        assertThat(result.getSql()).isEqualTo(ROWS_SQL);
        assertThat(result.getRows()).isEqualTo(selectAsAdmin(ROWS_SQL));
        assertThat(result.getRows()).hasSize(3).contains(java.util.Arrays.asList("3", null));
        assertThat(result.getColumns())
                .extracting(c -> c.getName() + ":" + c.getType())
                .containsExactly("employee_id:int8", "last_name:text");
        assertThat(result.getExecutedAs()).isEqualTo(ReaderRole.NAME);
        assertThat(result.getTruncated()).isFalse();
        assertThat(result.getAnswer().getContext()).isNull();
    }

    @Test
    void aDivisionByZeroAtRunTimeIsRepairedByTheLlmAndTheRepairRuns() throws Exception {
        String id = "divides-" + UUID.randomUUID();
        String dividing = "SELECT count(*) / (count(*) - count(*)) AS ratio FROM public.employees e";
        String repaired = "SELECT count(*) AS employees FROM public.employees e";
        llm.answer(question(id), repaired);

        publish(answer(id, dividing, true));

        QueryResult result = (QueryResult) awaitOutcome(id);
        assertThat(result.getSql()).isEqualTo(repaired);
        assertThat(result.getRows()).containsExactly(List.of("3"));
        assertThat(result.getAnswer().getAttempts()).isEqualTo(2);
        assertThat(llm.promptsFor(question(id))).singleElement().asString().contains("division by zero");
    }

    @Test
    void aTimeoutNoRepairFixesEndsOnTheQueryTimeoutTopicWithTheAnswerToReplay() throws Exception {
        String id = "slow-" + UUID.randomUUID();
        llm.fail(question(id), 500, 10);
        AnswerValidated answer = answer(id, ENDLESS, true);
        long started = System.nanoTime();

        publish(answer);

        FailureRecord failure = (FailureRecord) awaitOutcome(id);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        assertThat(failure.getErrorClass()).isEqualTo("query_timeout");
        assertThat(failure.getStage()).isEqualTo("execution");
        assertThat(failure.getSqlstate()).isEqualTo("57014");
        assertThat(failure.getOriginalTopic()).isEqualTo(topics.answers().name());
        assertThat(topics.answers()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.answers().name(), bytes(failure.getOriginalValue())))
                .isEqualTo(answer);
        assertThat(outcomes(id))
                .singleElement()
                .extracting(Outcome::topic)
                .isEqualTo(topics.deadLetter(DeadLetterTopic.QUERY_TIMEOUT).name());
    }

    @Test
    void aReplayedExecutionFailureRunsAgainAndThisTimeItsRepairGivesRows() throws Exception {
        String id = "replayed-" + UUID.randomUUID();
        String repaired = "SELECT count(*) AS employees FROM public.employees e";
        llm.fail(question(id), 500, 1);
        llm.answer(question(id), repaired);
        publish(answer(id, ENDLESS, true));
        FailureRecord failure = (FailureRecord) awaitOutcome(id);
        assertThat(failure.getErrorClass()).isEqualTo("query_timeout");

        int replayed = new DeadLetterArchive(stack.bootstrapServers(), KafkaClientSecurity.none(), topics)
                .replay(List.of(failure));

        assertThat(replayed).isEqualTo(1);
        Awaitility.await("the replayed answer's result")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> outcomes(id).size() == 2);
        QueryResult result = (QueryResult) outcomes(id).stream()
                .map(Outcome::value)
                .filter(QueryResult.class::isInstance)
                .findFirst()
                .orElseThrow();
        assertThat(result.getSql()).isEqualTo(repaired);
        assertThat(result.getRows()).containsExactly(List.of("3"));
    }

    @Test
    void anAnswerNotToExecuteGivesNoResult() throws Exception {
        String skipped = "sql-only-" + UUID.randomUUID();
        String executed = "after-" + UUID.randomUUID();

        publish(answer(skipped, ROWS_SQL, false));
        publish(answer(executed, ROWS_SQL, true));

        awaitOutcome(executed);
        assertThat(outcomes(skipped)).isEmpty();
    }

    private static String question(String id) {
        return "Employees? (" + id + ")";
    }

    private static AnswerValidated answer(String id, String sql, boolean execute) {
        ContextRetrieved context = Events.context(id, "exec", question(id), PACKET, "public.employees");
        return Events.answer(context, sql, execute);
    }

    private static void publish(AnswerValidated answer) throws Exception {
        Topic<String, AnswerValidated> topic = topics.answers();
        try (KafkaProducer<String, AnswerValidated> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                new StringSerializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topic.name(), answer.getQuestionId(), answer))
                    .get();
        }
    }

    private static List<List<String>> selectAsAdmin(String sql) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (Connection c = admin.borrow();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) rows.add(java.util.Arrays.asList(rs.getString(1), rs.getString(2)));
        }
        return rows;
    }

    /** A record on the results or a dead-letter topic. */
    private record Outcome(String topic, Object value) {}

    private static Object awaitOutcome(String id) {
        List<Outcome> found = new ArrayList<>();
        Awaitility.await("an outcome for " + id)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    found.clear();
                    found.addAll(outcomes(id));
                    return !found.isEmpty();
                });
        assertThat(found).as("outcomes of " + id).hasSize(1);
        return found.get(0).value();
    }

    /** Every committed outcome for question {@code id} on the results and every dead-letter topic. */
    private static List<Outcome> outcomes(String id) {
        List<Topic<String, ?>> outputs = new ArrayList<>();
        outputs.add(topics.results());
        for (DeadLetterTopic dlq : DeadLetterTopic.values()) outputs.add(topics.deadLetter(dlq));
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<Outcome> found = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = outputs.stream()
                    .flatMap(t -> consumer.partitionsFor(t.name()).stream())
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    Topic<String, ?> topic = outputs.stream()
                            .filter(t -> t.name().equals(record.topic()))
                            .findFirst()
                            .orElseThrow();
                    Object value = topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
                    if (concerns(value, id)) found.add(new Outcome(record.topic(), value));
                }
            }
        }
        return found;
    }

    private static boolean concerns(Object value, String id) {
        return value instanceof QueryResult result
                ? result.getQuestionId().equals(id)
                : ("corr-" + id).equals(((FailureRecord) value).getCorrelationId());
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
