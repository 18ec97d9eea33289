package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two retrieval instances under one application id share the questions' partitions. One of them then freezes in the
 * middle of its transactions, as a killed or stalled process does, without leaving the group: the other takes its
 * partitions over, and under {@code read_committed} every question is answered exactly once, also after the frozen
 * instance wakes up and tries to finish its stale transactions.
 */
@Tag("slow")
class RetrievalScaleOutIT {
    private static final String DB = "scale_out_it";
    private static final int QUESTIONS = 60;
    /**
     * How long a frozen member keeps its partitions: the poll interval, at its smallest for retrieval (twice its
     * longest record times the tasks a thread may own: 6 partitions over 3 threads). A killed process keeps them for
     * the session timeout instead.
     */
    private static final StreamsSettings LIMITS =
            new StreamsSettings(Duration.ofSeconds(40), "", 3, TopicSettings.DEFAULTS);

    @Test
    void twoInstancesShareThePartitionsAndTheSurvivorAnswersEveryQuestionExactlyOnce(@TempDir Path dir)
            throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        stack.postgres().createDatabaseIfMissing(DB);
        try (Database target = new Database(stack.postgres().jdbcUrl(DB), user, password);
                Connection session = target.borrow();
                Statement s = session.createStatement()) {
            s.execute("""
                    CREATE TABLE IF NOT EXISTS departments (department_id int PRIMARY KEY, department_name text);
                    CREATE TABLE IF NOT EXISTS employees (employee_id int PRIMARY KEY, last_name text,
                        department_id int REFERENCES departments, hire_date date);
                    CREATE TABLE IF NOT EXISTS products (product_id int PRIMARY KEY, product_name text, unit_price numeric);
                    """);
        }
        Topics topics = new Topics("scale-out-it-" + UUID.randomUUID() + ".", stack.registryClient());
        try (Database store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password)) {
            store.migrateStore();
            EmbeddingModel model = OnnxEmbeddingModel.schemaIndexDefault();
            RegisteredDatabase db = new RegisteredDatabase(
                    DB,
                    stack.postgres().jdbcUrl(DB),
                    new Credentials(user, password),
                    null,
                    List.of("public"),
                    null,
                    null);
            try (IngestService ingest = new IngestService(
                    IngestService.Config.of(
                            stack.bootstrapServers(),
                            KafkaClientSecurity.none(),
                            dir.resolve("ingest"),
                            "schemarag_cdc",
                            "cdc-secret",
                            10),
                    new DatabaseRegistry(List.of(db)),
                    () -> topics,
                    model,
                    store)) {
                ingest.sync(DB, SyncProgress.NONE);
            }
            // Created up front, so the outcome reader can be assigned their partitions before the services start.
            TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, LIMITS.topics());
            Freezable freezable = new Freezable(model);
            try (RetrievalService frozen = InMemoryRetrieval.service(
                            store, freezable, RetrievalSettings.defaults(), new SimpleMeterRegistry());
                    RetrievalService survivor = InMemoryRetrieval.service(
                            store, model, RetrievalSettings.defaults(), new SimpleMeterRegistry());
                    Admin admin = Admin.create(Map.of("bootstrap.servers", stack.bootstrapServers()));
                    KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                            topics.questions().keySerde().serializer(),
                            topics.questions().valueSerde().serializer());
                    Outcomes outcomes = new Outcomes(stack.bootstrapServers(), topics)) {
                AtomicBoolean died = new AtomicBoolean();
                frozen.start(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        topics,
                        dir.resolve("frozen"),
                        LIMITS,
                        () -> died.set(true));
                survivor.start(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        topics,
                        dir.resolve("survivor"),
                        LIMITS,
                        () -> died.set(true));
                String group = topics.prefix() + "retrieval";
                await("both instances own questions partitions")
                        .atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> frozen.state() == KafkaStreams.State.RUNNING
                                && survivor.state() == KafkaStreams.State.RUNNING
                                && questionPartitionsByInstance(admin, group, topics)
                                                .size()
                                        == 2);
                Map<String, Set<Integer>> shares = questionPartitionsByInstance(admin, group, topics);
                assertThat(shares.values().stream().flatMap(Set::stream)).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);

                List<String> ids = new ArrayList<>();
                for (int i = 0; i < QUESTIONS; i++) {
                    if (i == QUESTIONS / 3) {
                        // Some questions answered by each instance first, so the freeze cuts live transactions.
                        await("answers before the freeze")
                                .atMost(Duration.ofSeconds(60))
                                .until(() -> outcomes.poll().size() >= QUESTIONS / 6 && freezable.embedded() > 0);
                        freezable.freeze();
                    }
                    String id = "q-" + i;
                    ids.add(id);
                    producer.send(new ProducerRecord<>(topics.questions().name(), id, question(id, i)));
                    Thread.sleep(20);
                }
                producer.flush();

                await("every question answered by the survivor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> outcomes.poll().keySet().containsAll(ids));
                assertThat(freezable.stuck())
                        .as("the frozen instance held questions")
                        .isPositive();
                freezable.thaw(); // the stale transactions try to commit now, and must be fenced
                long settle = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                while (System.nanoTime() < settle) outcomes.poll();

                assertThat(outcomes.poll())
                        .as("answers per question id")
                        .containsOnlyKeys(ids)
                        .allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(1));
                assertThat(died).as("no stream client died").isFalse();
            } finally {
                freezable.thaw();
            }
        }
    }

    /** Which process owns which partitions of the questions topic, from the group's members' client ids. */
    private static Map<String, Set<Integer>> questionPartitionsByInstance(Admin admin, String group, Topics topics)
            throws Exception {
        ConsumerGroupDescription description =
                admin.describeConsumerGroups(List.of(group)).all().get().get(group);
        Map<String, Set<Integer>> byInstance = new HashMap<>();
        for (MemberDescription member : description.members()) {
            String instance = member.clientId().substring(0, member.clientId().indexOf("-StreamThread-"));
            for (TopicPartition p : member.assignment().topicPartitions()) {
                if (p.topic().equals(topics.questions().name()))
                    byInstance.computeIfAbsent(instance, k -> new HashSet<>()).add(p.partition());
            }
        }
        return byInstance;
    }

    private static QuestionAsked question(String id, int i) {
        return QuestionAsked.newBuilder()
                .setId(id)
                .setDatabaseId(DB)
                .setQuestion("Which employees of department " + i + " were hired last year?") // distinct: no cache
                .setUseRetrieval(true) // embeds the question however small the catalog
                .setCorrelationId("corr-" + id)
                .setTimestamp(Instant.now())
                .build();
    }

    /** The committed contexts and retrieval failures, counted per key, read from the start of every partition. */
    private static final class Outcomes implements AutoCloseable {
        private final KafkaConsumer<String, byte[]> consumer;
        private final Topics topics;
        private final Map<String, Integer> counts = new HashMap<>();

        Outcomes(String bootstrapServers, Topics topics) {
            this.topics = topics;
            consumer = new KafkaConsumer<>(
                    Map.of(
                            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            bootstrapServers,
                            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                            "read_committed"),
                    new StringDeserializer(),
                    new ByteArrayDeserializer());
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(
                    topics.contextRetrieved().name(),
                    topics.deadLetter(DeadLetterTopic.RETRIEVAL).name()))
                for (int p = 0; p < LIMITS.topics().partitions(); p++) partitions.add(new TopicPartition(topic, p));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
        }

        Map<String, Integer> poll() {
            for (var r : consumer.poll(Duration.ofMillis(100))) {
                if (r.topic().equals(topics.contextRetrieved().name())) {
                    ContextRetrieved context = topics.contextRetrieved()
                            .valueSerde()
                            .deserializer()
                            .deserialize(r.topic(), r.value());
                    assertThat(r.key()).isEqualTo(context.getQuestion().getId());
                }
                counts.merge(r.key(), 1, Integer::sum);
            }
            return Map.copyOf(counts);
        }

        @Override
        public void close() {
            consumer.close();
        }
    }

    /** An embedding model that, once frozen, blocks every caller until thawed: a stalled process, mid-transaction. */
    private static final class Freezable implements EmbeddingModel {
        private final EmbeddingModel delegate;
        private final CountDownLatch thawed = new CountDownLatch(1);
        private final AtomicBoolean frozen = new AtomicBoolean();
        private final AtomicInteger embedded = new AtomicInteger();
        private final AtomicInteger stuck = new AtomicInteger();

        Freezable(EmbeddingModel delegate) {
            this.delegate = delegate;
        }

        void freeze() {
            frozen.set(true);
        }

        void thaw() {
            thawed.countDown();
        }

        int embedded() {
            return embedded.get();
        }

        int stuck() {
            return stuck.get();
        }

        @Override
        public String modelId() {
            return delegate.modelId();
        }

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public float[] embed(String text) {
            waitIfFrozen();
            embedded.incrementAndGet();
            return delegate.embed(text);
        }

        @Override
        public float[] embedQuery(String query) {
            waitIfFrozen();
            embedded.incrementAndGet();
            return delegate.embedQuery(query);
        }

        @Override
        public List<float[]> embedAll(List<String> texts) {
            waitIfFrozen();
            return delegate.embedAll(texts);
        }

        private void waitIfFrozen() {
            if (!frozen.get()) return;
            stuck.incrementAndGet();
            try {
                thawed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
