package dev.schemarag.generation.service;

import static dev.schemarag.generation.answer.Events.context;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.stack.ScriptedChatCompletions.Fault;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
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
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each LLM fault on the real generation service: the question ends in exactly one outcome, of the right class,
 * within the record deadline and a little slack, and the next question is answered normally.
 */
class GenerationFaultsIT {
    private static final String DB = "generation_faults_it";
    private static final String STORE_DB = "generation_faults_it_store";
    private static final String PACKET = "CREATE TABLE public.employees (employee_id bigint PRIMARY KEY);";
    private static final String SQL = "SELECT count(*) FROM public.employees e";
    private static final Duration DEADLINE = Duration.ofSeconds(4);
    /** Kafka's hops (poll, commit every 100 ms, the test consumer's poll) on a busy 2-core machine. */
    private static final Duration SLACK = Duration.ofSeconds(6);

    private static EmbeddedStack stack;
    private static ScriptedChatCompletions llm;
    private static Topics topics;
    private static Database store;
    private static GenerationService service;
    private static final AtomicBoolean fatal = new AtomicBoolean();

    @BeforeAll
    static void start(@TempDir Path stateDir) throws Exception {
        stack = SharedTestStack.get();
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        stack.postgres().createDatabaseIfMissing(DB);
        stack.postgres().createDatabaseIfMissing(STORE_DB);
        try (Database admin = new Database(stack.postgres().jdbcUrl(DB), user, password);
                Connection session = admin.borrow();
                Statement st = session.createStatement()) {
            st.execute("DROP TABLE IF EXISTS employees");
            st.execute("CREATE TABLE employees (employee_id bigint PRIMARY KEY)");
            ReaderRole.grant(session, DB, List.of("public"), "reader-secret");
        }
        Flyway.configure()
                .dataSource(stack.postgres().jdbcUrl(STORE_DB), user, password)
                .locations("filesystem:"
                        + Path.of("../core/src/main/resources/db/migration").toAbsolutePath())
                .load()
                .migrate();
        store = new Database(stack.postgres().jdbcUrl(STORE_DB), user, password);
        llm = new ScriptedChatCompletions();
        llm.answerAnyQuestion(SQL);
        topics = new Topics("generation-faults-it.", stack.registryClient());
        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, TopicSettings.DEFAULTS);
        DatabaseRegistry databases = new DatabaseRegistry(List.of(new RegisteredDatabase(
                "faults",
                stack.postgres().jdbcUrl(DB),
                null,
                new Credentials(ReaderRole.NAME, "reader-secret"),
                List.of("public"),
                null,
                null)));
        Settings settings = Settings.of(Map.of(
                "llm.base.url",
                llm.baseUrl().toString(),
                "llm.timeout.seconds",
                "10",
                "llm.max.retries",
                "3",
                "generation.record.deadline.ms",
                Long.toString(DEADLINE.toMillis())));
        service = new GenerationService(
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                stateDir,
                topics,
                settings,
                databases,
                store,
                OnnxEmbeddingModel.examplesDefault(),
                new SimpleMeterRegistry());
        service.start(() -> fatal.set(true));
        assertAnsweredNormally("warm-up-" + UUID.randomUUID());
    }

    @AfterAll
    static void stop() {
        if (service != null) service.close();
        if (llm != null) llm.close();
        if (store != null) store.close();
    }

    @AfterEach
    void faultOff() {
        llm.fault(Fault.NONE);
    }

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of(Fault.HTTP_500, Duration.ZERO, DeadLetterTopic.GENERATION_UNAVAILABLE, "HTTP 500 after"),
                Arguments.of(
                        Fault.HTTP_429,
                        Duration.ofSeconds(1),
                        DeadLetterTopic.GENERATION_UNAVAILABLE,
                        "HTTP 429 after"),
                Arguments.of(
                        Fault.NOT_A_COMPLETION,
                        Duration.ZERO,
                        DeadLetterTopic.GENERATION_UNAVAILABLE,
                        "response is not a chat completion"),
                Arguments.of(
                        Fault.CONTENT_NOT_JSON,
                        Duration.ZERO,
                        DeadLetterTopic.GENERATION_UNAVAILABLE,
                        "the LLM answer is not a JSON object"),
                Arguments.of(
                        Fault.HANG, Duration.ZERO, DeadLetterTopic.INFRA_FAILURE, "record deadline of 4000 ms passed"),
                Arguments.of(
                        Fault.SLOW,
                        Duration.ofSeconds(12),
                        DeadLetterTopic.INFRA_FAILURE,
                        "record deadline of 4000 ms passed"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void aFaultEndsTheQuestionOnceInItsClassWithinTheDeadlineAndTheNextIsAnswered(
            Fault fault, Duration duration, DeadLetterTopic expected, String reason) throws Exception {
        if (fault == Fault.SLOW || fault == Fault.HTTP_429) llm.fault(fault, duration);
        else llm.fault(fault);
        String id = "fault-" + fault + "-" + UUID.randomUUID();
        long asked = System.nanoTime();

        ask(id);

        Outcome outcome = awaitOutcome(id);
        Duration took = Duration.ofNanos(System.nanoTime() - asked);
        assertThat(outcome.topic()).isEqualTo(topics.deadLetter(expected).name());
        FailureRecord failure = (FailureRecord) outcome.value();
        assertThat(failure.getMessage()).contains(reason);
        assertThat(took).isLessThan(DEADLINE.plus(SLACK));
        // Replayable: the event as it came, from where it came.
        assertThat(failure.getOriginalTopic())
                .isEqualTo(topics.contextRetrieved().name());
        ContextRetrieved original = topics.contextRetrieved()
                .valueSerde()
                .deserializer()
                .deserialize(failure.getOriginalTopic(), bytes(failure.getOriginalValue()));
        assertThat(original.getQuestion().getId()).isEqualTo(id);
        assertThat(llm.answered(fault)).isPositive();

        llm.fault(Fault.NONE);
        assertAnsweredNormally("after-" + fault + "-" + UUID.randomUUID());
        assertThat(outcomes(id)).as("outcomes of " + id).hasSize(1);
        // A follow-up rebalance (Kafka Streams probes for its stores' warm-up) is no failure; a dead stream is.
        assertThat(service.state().isRunningOrRebalancing())
                .as("stream state " + service.state())
                .isTrue();
        assertThat(fatal).as("fatal stream failure").isFalse();
    }

    private static void assertAnsweredNormally(String id) throws Exception {
        ask(id);
        Outcome outcome = awaitOutcome(id);
        assertThat(outcome.topic()).isEqualTo(topics.answers().name());
        assertThat(((AnswerValidated) outcome.value()).getSql()).isEqualTo(SQL);
    }

    private static void ask(String id) throws Exception {
        Topic<String, ContextRetrieved> topic = topics.contextRetrieved();
        try (KafkaProducer<String, ContextRetrieved> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                new StringSerializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(
                            topic.name(),
                            id,
                            context(id, "faults", "How many employees? (" + id + ")", PACKET, "public.employees")))
                    .get();
        }
    }

    /** A record on the answers or a dead-letter topic. */
    private record Outcome(String topic, Object value) {}

    private static Outcome awaitOutcome(String id) {
        List<Outcome> found = new ArrayList<>();
        Awaitility.await("an outcome for " + id)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    found.clear();
                    found.addAll(outcomes(id));
                    return !found.isEmpty();
                });
        return found.get(0);
    }

    /** Every committed outcome for question {@code id} on the answers and every dead-letter topic. */
    private static List<Outcome> outcomes(String id) {
        List<Topic<String, ?>> outputs = new ArrayList<>();
        outputs.add(topics.answers());
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
        return value instanceof AnswerValidated answer
                ? answer.getQuestionId().equals(id)
                : ("corr-" + id).equals(((FailureRecord) value).getCorrelationId());
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
