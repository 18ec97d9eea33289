package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.DeadLetterTopic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.RetrievalSettings;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.SharedTestStack;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/** Questions through the real broker, registry, pgvector store and embedding model. */
class RetrievalPipelineIT {
    private static final String DB = "retrieval_it";
    private static EmbeddedStack stack;
    private static Topics topics;
    private static RetrievalService retrieval;
    private static Database store;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database target = new Database(stack.postgres().jdbcUrl(DB), user, password);
             Statement s = target.connection().createStatement()) {
            s.execute("""
                    CREATE TABLE departments (department_id int PRIMARY KEY, department_name text);
                    CREATE TABLE employees (employee_id int PRIMARY KEY, first_name text, last_name text,
                        department_id int REFERENCES departments, hire_date date);
                    COMMENT ON TABLE employees IS 'Staff members of the company';
                    CREATE TABLE salaries (employee_id int REFERENCES employees, amount numeric, paid_on date);
                    CREATE TABLE customers (customer_id int PRIMARY KEY, company_name text, country text);
                    CREATE TABLE products (product_id int PRIMARY KEY, product_name text, unit_price numeric);
                    CREATE TABLE orders (order_id int PRIMARY KEY, customer_id int REFERENCES customers, order_date date);
                    CREATE TABLE order_lines (order_id int REFERENCES orders, product_id int REFERENCES products, quantity int);
                    CREATE TABLE warehouses (warehouse_id int PRIMARY KEY, city text);
                    CREATE TABLE stock_levels (warehouse_id int REFERENCES warehouses, product_id int REFERENCES products, on_hand int);
                    CREATE TABLE suppliers (supplier_id int PRIMARY KEY, supplier_name text);
                    CREATE TABLE invoices (invoice_id int PRIMARY KEY, order_id int REFERENCES orders, amount_due numeric, due_date date);
                    CREATE TABLE projects (project_id int PRIMARY KEY, project_name text, budget numeric);
                    """);
        }
        store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        EmbeddingModel model = OnnxEmbeddingModel.schemaIndexDefault();
        topics = new Topics("retrieval-it.", stack.registryClient());
        RegisteredDatabase db = new RegisteredDatabase(DB, stack.postgres().jdbcUrl(DB), new Credentials(user, password), null, List.of("public"), null, null);
        try (IngestService ingest = new IngestService(new IngestService.Config(stack.bootstrapServers(), stack.registryUrl(), dir,
                "schemarag_cdc", "cdc-secret", 10), new DatabaseRegistry(List.of(db)), () -> topics, model, store)) {
            ingest.sync(DB, SyncProgress.NONE);
        }
        retrieval = new RetrievalService(store, model, RetrievalSettings.defaults(), VectorSearch.MEMORY);
        retrieval.start(stack.bootstrapServers(), stack.registryUrl(), topics, dir.resolve("streams"));
    }

    @AfterAll
    static void stop() {
        if (retrieval != null) retrieval.close();
    }

    @Test
    void aQuestionBecomesAFocusedContextPacketAndBadInputGoesToTheDeadLetterTopic() throws Exception {
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(producerProps(),
                topics.questions().keySerde().serializer(), topics.questions().valueSerde().serializer());
             KafkaProducer<byte[], byte[]> raw = new KafkaProducer<>(producerProps(), new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topics.questions().name(), "q-unknown", question("q-unknown", "no_such_db",
                    "How many employees are there?"))).get();
            raw.send(new ProducerRecord<>(topics.questions().name(), "poison".getBytes(StandardCharsets.UTF_8),
                    new byte[] {0, 0, 0, 0, 42, 1, 2})).get();
            QuestionAsked focused = question("q-1", DB, "What is the total amount of salaries paid per department?");
            focused.setRetrievalSettings(Map.of("retrieval.select.topk", "4")); // a per-question override
            producer.send(new ProducerRecord<>(topics.questions().name(), "q-1", focused)).get();
        }

        ContextRetrieved context = first(topics.contextRetrieved().name(), topics.contextRetrieved().valueSerde().deserializer(),
                c -> c.getQuestion().getId().equals("q-1")).orElseThrow();
        List<String> tables = context.getSelectedTables().stream().map(ScoredTable::getTable).toList();
        assertThat(tables).contains("public.salaries", "public.employees", "public.departments").hasSizeLessThanOrEqualTo(4 + 3);
        assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo("rag");
        assertThat(context.getContextPacket()).contains("CREATE TABLE public.salaries");
        assertThat(context.getRetrievalMetadata().getContextTokens()).isLessThan(context.getRetrievalMetadata().getFullSchemaTokens());

        List<FailureRecord> dead = all(topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                topics.deadLetter(DeadLetterTopic.RETRIEVAL).valueSerde().deserializer(), 2);
        assertThat(dead).extracting(FailureRecord::getErrorClass).contains("unknown_database", "malformed_event");
    }

    private static QuestionAsked question(String id, String db, String text) {
        return QuestionAsked.newBuilder().setId(id).setDatabaseId(db).setQuestion(text).setCorrelationId("corr-" + id)
                .setTimestamp(Instant.now()).build();
    }

    private static <V> Optional<V> first(String topic, Deserializer<V> values, Predicate<V> match) {
        return all(topic, values, Integer.MAX_VALUE, match).stream().findFirst();
    }

    private static <V> List<V> all(String topic, Deserializer<V> values, int atLeast) {
        return all(topic, values, atLeast, v -> true);
    }

    /** Polls a topic from the start for up to 60 s until {@code atLeast} matching records (or one, for {@link #first}). */
    private static <V> List<V> all(String topic, Deserializer<V> values, int atLeast, Predicate<V> match) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        List<V> found = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(p, new StringDeserializer(), values)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline) {
                for (var r : consumer.poll(Duration.ofMillis(200))) {
                    if (r.value() != null && match.test(r.value())) found.add(r.value());
                }
                if (found.size() >= Math.min(atLeast, atLeast == Integer.MAX_VALUE ? 1 : atLeast)) return found;
            }
        }
        return found;
    }

    private static Properties producerProps() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        return p;
    }
}
