package dev.schemarag.generation.service;

import static dev.schemarag.generation.answer.Events.context;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.ConsumerGroups;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The generation service's LLM calls overlap, on any number of partitions, and exactly-once still holds: a burst of
 * questions against a scripted LLM of fixed latency is answered by overlapping requests, each question once, also
 * when the service is stopped with requests under way and another one takes over from the changelogged store.
 */
class GenerationConcurrencyIT {
    private static final String DB = "generation_concurrency_it";
    private static final String STORE_DB = "generation_concurrency_it_store";
    private static final String PACKET = "CREATE TABLE public.employees (employee_id bigint PRIMARY KEY);";
    private static final String SQL = "SELECT count(*) FROM public.employees e";
    private static final Duration LLM_LATENCY = Duration.ofMillis(300);
    private static final int CONCURRENCY = 8;
    private static final Logger log = LoggerFactory.getLogger(GenerationConcurrencyIT.class);

    private static EmbeddedStack stack;
    private static ScriptedChatCompletions llm;
    private static Topics topics;
    private static Database store;
    private static DatabaseRegistry databases;
    private final List<GenerationService> services = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
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
        llm.fault(Fault.SLOW, LLM_LATENCY);
        databases = new DatabaseRegistry(List.of(new RegisteredDatabase(
                "concurrency",
                stack.postgres().jdbcUrl(DB),
                null,
                new Credentials(ReaderRole.NAME, "reader-secret"),
                List.of("public"),
                null,
                null)));
    }

    @AfterEach
    void stopServices() {
        services.forEach(GenerationService::close);
    }

    @AfterAll
    static void stop() {
        if (llm != null) llm.close();
        if (store != null) store.close();
    }

    /** Each test on topics of its own, so that one test's questions are not another's backlog. */
    private static Topics freshTopics() {
        Topics fresh = new Topics(
                "generation-concurrency-it-" + UUID.randomUUID().toString().substring(0, 8) + ".",
                stack.registryClient());
        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), fresh, TopicSettings.DEFAULTS);
        return fresh;
    }

    private GenerationService startService(Path stateDir) {
        Settings settings = Settings.of(Map.of(
                "llm.base.url",
                llm.baseUrl().toString(),
                "llm.timeout.seconds",
                "10",
                "generation.concurrency",
                Integer.toString(CONCURRENCY)));
        GenerationService service = new GenerationService(
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                stateDir,
                topics,
                settings,
                databases,
                store,
                OnnxEmbeddingModel.examplesDefault(),
                new SimpleMeterRegistry());
        services.add(service);
        service.start(() -> {});
        return service;
    }

    @Test
    void aBurstOfQuestionsIsAnsweredByOverlappingLlmCallsEachOnce(@TempDir Path stateDir) throws Exception {
        topics = freshTopics();
        startService(stateDir);
        // Joined, assigned and warm (the examples' embedding model loaded) before the clock starts.
        List<String> warmUp = ids("warm-up", 1);
        ask(warmUp);
        awaitOutcomes(warmUp);
        List<String> ids = ids("burst", 24);
        int before = llm.requests().size();
        long start = System.nanoTime();

        ask(ids);

        Map<String, List<String>> outcomes = awaitOutcomes(ids);
        log.info(
                "{} questions at {} ms LLM latency: all outcomes within {} ms, at most {} LLM requests at once",
                ids.size(),
                LLM_LATENCY.toMillis(),
                Duration.ofNanos(System.nanoTime() - start).toMillis(),
                llm.mostConcurrentRequests());
        assertThat(llm.mostConcurrentRequests())
                .as("LLM requests under way at once")
                .isGreaterThan(1);
        ids.forEach(id -> assertThat(outcomes.get(id))
                .as(id)
                .containsExactly(topics.answers().name()));
        assertThat(llm.requests().size() - before).isEqualTo(ids.size());
    }

    @Test
    void aServiceStoppedWithCallsUnderWayLosesNothingAndDuplicatesNothing(@TempDir Path first, @TempDir Path second)
            throws Exception {
        topics = freshTopics();
        GenerationService stopped = startService(first);
        List<String> ids = ids("takeover", 16);
        int before = llm.requests().size();
        ask(ids);
        Awaitility.await("LLM calls under way")
                .atMost(Duration.ofSeconds(60))
                .until(() -> llm.requests().size() - before >= CONCURRENCY / 2);

        stopped.close();
        services.remove(stopped);
        startService(second);

        Map<String, List<String>> outcomes = awaitOutcomes(ids);
        ids.forEach(id -> assertThat(outcomes.get(id))
                .as(id)
                .containsExactly(topics.answers().name()));
    }

    private static List<String> ids(String prefix, int count) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        return IntStream.range(0, count)
                .mapToObj(i -> prefix + "-" + run + "-" + i)
                .toList();
    }

    private static void ask(List<String> ids) throws Exception {
        Topic<String, ContextRetrieved> topic = topics.contextRetrieved();
        try (KafkaProducer<String, ContextRetrieved> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                new StringSerializer(),
                topic.valueSerde().serializer())) {
            for (String id : ids)
                producer.send(new ProducerRecord<>(
                        topic.name(),
                        id,
                        context(id, "concurrency", "How many employees? (" + id + ")", PACKET, "public.employees")));
            producer.flush();
        }
    }

    /**
     * Waits until every question has an outcome and the service has nothing left that could give one another (see
     * {@link #settled}), then gives the topics each question's outcomes are on: a late duplicate would be among them.
     */
    private static Map<String, List<String>> awaitOutcomes(List<String> ids) {
        Awaitility.await("an outcome for each of " + ids.size() + " questions")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> outcomes().keySet().containsAll(ids));
        Awaitility.await("nothing left to answer")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(GenerationConcurrencyIT::settled);
        return outcomes();
    }

    /**
     * Whether the service's group has committed past every question and its changelogged store of waiting questions
     * (its only store) holds none: then no question can be answered again, by this service or by one taking over.
     */
    private static boolean settled() throws Exception {
        String group = topics.prefix() + GenerationService.APPLICATION_ID;
        Map<String, Object> admin = Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (Admin client = Admin.create(admin);
                KafkaConsumer<byte[], byte[]> consumer =
                        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            Map<TopicPartition, OffsetAndMetadata> committed = ConsumerGroups.committed(client, group);
            boolean allCommitted =
                    consumer
                            .endOffsets(partitions(
                                    consumer, topics.contextRetrieved().name()))
                            .entrySet()
                            .stream()
                            .allMatch(end -> committed.containsKey(end.getKey())
                                    ? committed.get(end.getKey()).offset() >= end.getValue()
                                    : end.getValue() == 0);
            List<String> changelogs = client.listTopics().names().get().stream()
                    .filter(t -> t.startsWith(group + "-") && t.endsWith("-changelog"))
                    .toList();
            return allCommitted
                    && !changelogs.isEmpty()
                    && changelogs.stream().allMatch(t -> liveKeys(consumer, t).isEmpty());
        }
    }

    /** The keys of {@code topic} whose latest record is not a tombstone. */
    private static Set<String> liveKeys(KafkaConsumer<byte[], byte[]> consumer, String topic) {
        List<TopicPartition> partitions = partitions(consumer, topic);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
        Set<String> live = new HashSet<>();
        while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp)))
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                String key = new String(record.key(), StandardCharsets.UTF_8);
                if (record.value() == null) live.remove(key);
                else live.add(key);
            }
        return live;
    }

    private static List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer, String topic) {
        return consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
    }

    /** Every committed outcome on the answers and every dead-letter topic, by question id. */
    private static Map<String, List<String>> outcomes() {
        List<Topic<String, ?>> outputs = new ArrayList<>();
        outputs.add(topics.answers());
        for (DeadLetterTopic dlq : DeadLetterTopic.values()) outputs.add(topics.deadLetter(dlq));
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        Map<String, List<String>> found = new HashMap<>();
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
                    String id = value instanceof AnswerValidated answer
                            ? answer.getQuestionId()
                            : String.valueOf(((FailureRecord) value).getCorrelationId())
                                    .replaceFirst("^corr-", "");
                    found.computeIfAbsent(id, k -> new ArrayList<>()).add(record.topic());
                }
            }
        }
        return found;
    }
}
