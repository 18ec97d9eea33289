package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsFailurePolicy;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.cache.CacheFront;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.SchemaRegistryServer;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema registry down while retrieval starts on questions already sent (their schemas registered before), until
 * the outage has failed the stream task: no question is filed as malformed, every one is answered once the registry
 * is back, and the stream runs.
 * The registry is one of its own on a free port, reading the shared stack's schema log, so that stopping it touches
 * no other test.
 */
class RegistryOutageIT {
    private static final String DB = "registry_outage_it";
    private static final int QUESTIONS = 12;
    private static final Duration RETRY_BUDGET = Duration.ofSeconds(2); // the task fails once it is spent

    private final EmbeddedStack stack = SharedTestStack.get();

    @Test
    void questionsSentBeforeAnOutageAreAllAnsweredAfterItAndNoneIsDeadLettered(@TempDir Path dir) throws Exception {
        Topics topics = new Topics("registry-outage-it.", stack.registryClient());
        EmbeddingModel model = OnnxEmbeddingModel.schemaIndexDefault();
        Database store = indexedStore(topics, model, dir);
        List<String> ids = sendQuestions(topics); // registers QuestionAsked on the shared registry
        SchemaRegistryClient shared = stack.registryClient();
        shared.register(topics.contextRetrieved().name() + "-value", ContextRetrieved.getClassSchema());
        shared.register(topics.deadLetter(DeadLetterTopic.RETRIEVAL).name() + "-value", FailureRecord.getClassSchema());
        SchemaRegistryServer registry = new SchemaRegistryServer(stack.bootstrapServers(), freePort());
        registry.start();
        int questionSchema = shared.latest(topics.questions().name() + "-value").id();
        assertThat(new SchemaRegistryClient(registry.url()).getById(questionSchema))
                .isEqualTo(QuestionAsked.getClassSchema());
        registry.stop(); // the outage begins

        Topics serviceTopics = new Topics(
                topics.prefix(), new SchemaRegistryClient(registry.url(), null, RETRY_BUDGET)); // nothing cached
        StreamsBuilder builder = new StreamsBuilder();
        RetrievalTopology.build(
                builder,
                serviceTopics,
                InMemoryRetrieval.service(store, model, RetrievalSettings.defaults(), new SimpleMeterRegistry())
                        .retriever(),
                CacheFront.OFF,
                new SimpleMeterRegistry());
        AtomicInteger replacedThreads = new AtomicInteger();
        try (KafkaStreams streams = new KafkaStreams(
                builder.build(),
                StreamsProperties.of(
                        topics.prefix() + "retrieval",
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        serviceTopics.deadLetter(DeadLetterTopic.RETRIEVAL),
                        "retrieval",
                        dir.resolve("streams"),
                        StreamsSettings.DEFAULTS,
                        RetrievalService.LONGEST_RECORD))) {
            // The services' policy, counted: a registry outage is transient, so the thread is replaced, never fatal.
            AtomicBoolean fatal = new AtomicBoolean();
            StreamsFailurePolicy policy = new StreamsFailurePolicy("retrieval", () -> fatal.set(true));
            streams.setUncaughtExceptionHandler(e -> {
                replacedThreads.incrementAndGet();
                return policy.handle(e);
            });
            streams.start();
            await("the outage failing the task").atMost(Duration.ofSeconds(60)).until(() -> replacedThreads.get() > 0);
            registry.start();

            Set<String> answered = new HashSet<>();
            for (ContextRetrieved context : read(
                    topics.contextRetrieved().name(),
                    topics.contextRetrieved().valueSerde().deserializer(),
                    QUESTIONS)) answered.add(context.getQuestion().getId());
            assertThat(answered).containsExactlyInAnyOrderElementsOf(ids);
            assertThat(read(
                            topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                            topics.deadLetter(DeadLetterTopic.RETRIEVAL)
                                    .valueSerde()
                                    .deserializer(),
                            0))
                    .as("dead letters")
                    .isEmpty();
            await().atMost(Duration.ofSeconds(30)).until(() -> streams.state() == KafkaStreams.State.RUNNING);
            assertThat(fatal).as("fatal").isFalse();
        } finally {
            registry.stop();
            store.close();
        }
    }

    private Database indexedStore(Topics topics, EmbeddingModel model, Path dir) throws Exception {
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database target = new Database(stack.postgres().jdbcUrl(DB), user, password);
                Connection session = target.borrow();
                Statement s = session.createStatement()) {
            s.execute("""
                    CREATE TABLE IF NOT EXISTS departments (department_id int PRIMARY KEY, department_name text);
                    CREATE TABLE IF NOT EXISTS employees (employee_id int PRIMARY KEY, full_name text,
                        department_id int REFERENCES departments);
                    """);
        }
        Database store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, TopicSettings.DEFAULTS);
        RegisteredDatabase db = new RegisteredDatabase(
                DB, stack.postgres().jdbcUrl(DB), new Credentials(user, password), null, List.of("public"), null, null);
        try (IngestService ingest = new IngestService(
                IngestService.Config.of(
                        stack.bootstrapServers(), KafkaClientSecurity.none(), dir, "schemarag_cdc", "cdc-secret", 10),
                new DatabaseRegistry(List.of(db)),
                () -> topics,
                model,
                store)) {
            ingest.sync(DB, SyncProgress.NONE);
        }
        return store;
    }

    private List<String> sendQuestions(Topics topics) throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        List<String> ids = new ArrayList<>();
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                p,
                topics.questions().keySerde().serializer(),
                topics.questions().valueSerde().serializer())) {
            for (int i = 0; i < QUESTIONS; i++) {
                String id = "q-outage-" + i;
                producer.send(new ProducerRecord<>(
                                topics.questions().name(),
                                id,
                                QuestionAsked.newBuilder()
                                        .setId(id)
                                        .setDatabaseId(DB)
                                        .setQuestion("Which employees work in department " + i + "?")
                                        .setCorrelationId("corr-" + id)
                                        .setTimestamp(Instant.now())
                                        .build()))
                        .get();
                ids.add(id);
            }
        }
        return ids;
    }

    /**
     * The committed records of a topic: polled for up to 90 s until {@code atLeast} are there, or, for zero, for 3 s
     * (to see that there are none).
     */
    private <V> List<V> read(String topic, Deserializer<V> values, int atLeast) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<V> found = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(p, new StringDeserializer(), values)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline =
                    System.nanoTime() + (atLeast == 0 ? Duration.ofSeconds(3) : Duration.ofSeconds(90)).toNanos();
            while (System.nanoTime() < deadline && (atLeast == 0 || found.size() < atLeast)) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> found.add(r.value()));
            }
        }
        return found;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
