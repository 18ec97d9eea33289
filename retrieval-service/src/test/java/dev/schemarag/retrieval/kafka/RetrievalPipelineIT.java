package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.KafkaClientMetrics;
import dev.schemarag.core.metrics.MetricsRoute;
import dev.schemarag.core.metrics.ServiceMeters;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.cache.CacheFront;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Questions through the real broker, registry, pgvector store and embedding model, into the retrieval service as
 * {@code serve retrieval} runs it, with its admin endpoint. A poison record, an oversized one and a StackOverflowError
 * each leave the stream client RUNNING and answering the next question.
 */
class RetrievalPipelineIT {
    private static final String DB = "retrieval_it";
    /** The embedding model recurses without end on this question: a real StackOverflowError in the processor. */
    private static final String BOTTOMLESS = "Which question has no bottom?";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final AtomicBoolean failedForGood = new AtomicBoolean();
    private static EmbeddedStack stack;
    private static Topics topics;
    private static RetrievalService retrieval;
    private static AdminServer admin;
    private static Database store;
    private static EmbeddingModel model;
    private static final PrometheusMeterRegistry meters = ServiceMeters.prometheus(KafkaClientMetrics.DASHBOARD);

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database target = new Database(stack.postgres().jdbcUrl(DB), user, password);
                Connection session = target.borrow();
                Statement s = session.createStatement()) {
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
        model = OnnxEmbeddingModel.schemaIndexDefault();
        topics = new Topics("retrieval-it.", stack.registryClient());
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
        retrieval = InMemoryRetrieval.service(
                store, new OverflowingOn(BOTTOMLESS, model), RetrievalSettings.defaults(), meters);
        admin = new AdminServer(
                "retrieval",
                "127.0.0.1",
                0,
                "",
                HttpAllowList.NONE,
                () -> !failedForGood.get(),
                List.of(
                        ReadinessChecks.streams("streams", retrieval::state),
                        ReadinessChecks.store(store),
                        ReadinessChecks.registry(stack.registryClient())),
                List.of(new MetricsRoute(meters)));
        retrieval.start(
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                topics,
                dir.resolve("streams"),
                StreamsSettings.DEFAULTS,
                () -> failedForGood.set(true));
    }

    @AfterAll
    static void stop() {
        if (admin != null) admin.close();
        if (retrieval != null) retrieval.close();
    }

    @Test
    void theAdminEndpointIsLiveAndTurnsReadyOnceTheStreamRuns() throws Exception {
        HttpResponse<String> health = get("/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");

        await("retrieval ready")
                .atMost(Duration.ofSeconds(60))
                .until(() -> get("/ready").statusCode() == 200);
        JsonNode ready = JSON.readTree(get("/ready").body());
        assertThat(ready.path("status").asText()).isEqualTo("UP");
        assertThat(ready.path("checks").findValuesAsText("name"))
                .containsExactly("process", "streams", "store", "schema-registry");
        assertThat(ready.path("checks").findValuesAsText("status")).containsOnly("UP");
        assertThat(ready.path("checks").get(1).path("detail").asText()).isEqualTo("RUNNING");
    }

    @Test
    void aQuestionBecomesAFocusedContextPacketAndBadInputGoesToTheDeadLetterTopic() throws Exception {
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                        producerProps(),
                        topics.questions().keySerde().serializer(),
                        topics.questions().valueSerde().serializer());
                KafkaProducer<byte[], byte[]> raw =
                        new KafkaProducer<>(producerProps(), new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(
                            topics.questions().name(),
                            "q-unknown",
                            question("q-unknown", "no_such_db", "How many employees are there?")))
                    .get();
            raw.send(new ProducerRecord<>(
                            topics.questions().name(),
                            "poison".getBytes(StandardCharsets.UTF_8),
                            new byte[] {0, 0, 0, 0, 42, 1, 2}))
                    .get();
            QuestionAsked focused = question("q-1", DB, "What is the total amount of salaries paid per department?");
            focused.setRetrievalSettings(Map.of("retrieval.select.topk", "4")); // a per-question override
            producer.send(new ProducerRecord<>(topics.questions().name(), "q-1", focused))
                    .get();
        }

        ContextRetrieved context = first(
                        topics.contextRetrieved().name(),
                        topics.contextRetrieved().valueSerde().deserializer(),
                        c -> c.getQuestion().getId().equals("q-1"))
                .orElseThrow();
        List<String> tables =
                context.getSelectedTables().stream().map(ScoredTable::getTable).toList();
        assertThat(tables)
                .contains("public.salaries", "public.employees", "public.departments")
                .hasSizeLessThanOrEqualTo(4 + 3);
        assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo("rag");
        assertThat(context.getContextPacket()).contains("CREATE TABLE public.salaries");
        assertThat(context.getRetrievalMetadata().getContextTokens())
                .isLessThan(context.getRetrievalMetadata().getFullSchemaTokens());

        List<FailureRecord> dead = all(
                topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                topics.deadLetter(DeadLetterTopic.RETRIEVAL).valueSerde().deserializer(),
                2);
        assertThat(dead).extracting(FailureRecord::getErrorClass).contains("unknown_database", "malformed_event");
        assertStillRunning();
    }

    @Test
    void metricsShowTheRetrievalsTheStreamClientAndTheDeadLetters() throws Exception {
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                producerProps(),
                topics.questions().keySerde().serializer(),
                topics.questions().valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(
                            topics.questions().name(),
                            "q-metrics",
                            question("q-metrics", DB, "Which customers placed orders for which products?")))
                    .get();
            producer.send(new ProducerRecord<>(
                            topics.questions().name(),
                            "q-metrics-unknown",
                            question("q-metrics-unknown", "no_such_db", "How many orders are there?")))
                    .get();
        }
        assertThat(first(
                        topics.contextRetrieved().name(),
                        topics.contextRetrieved().valueSerde().deserializer(),
                        c -> c.getQuestion().getId().equals("q-metrics")))
                .isPresent();
        String dlq = topics.deadLetter(DeadLetterTopic.RETRIEVAL).name();
        await("the dead letter counted")
                .atMost(Duration.ofSeconds(30))
                .until(() ->
                        sample(get("/metrics").body(), "schemarag_dead_letters_total", "topic=\"" + dlq + "\"") >= 1);

        HttpResponse<String> scrape = get("/metrics");
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
        String body = scrape.body();
        assertThat(sample(body, "schemarag_retrieval_latency_seconds_count", "outcome=\"rag\""))
                .isGreaterThanOrEqualTo(1);
        assertThat(sample(body, "schemarag_retrieval_latency_seconds_bucket", "le=\"5.0\""))
                .isGreaterThanOrEqualTo(1); // every retrieval here takes less than 5 s
        assertThat(sample(body, "schemarag_retrieval_latency_seconds_count", "outcome=\"failed\""))
                .isGreaterThanOrEqualTo(1);
        assertThat(sample(body, "schemarag_retrieval_tables_count", "")).isGreaterThanOrEqualTo(1);
        assertThat(sample(body, "schemarag_retrieval_tables_sum", "")).isGreaterThanOrEqualTo(1);
        assertThat(sample(body, "schemarag_retrieval_packet_tokens_sum", "")).isGreaterThan(10);
        // The Kafka Streams binder: client and thread metrics, and the consumer's lag.
        assertThat(sample(body, "kafka_stream_thread_process_total", "streams=\"retrieval\""))
                .isGreaterThanOrEqualTo(1);
        assertThat(body).contains("kafka_consumer_fetch_manager_records_lag_max{");
        assertThat(body).contains("jvm_memory_used_bytes{");
    }

    @Test
    void aQuestionOverTheSizeCapIsAnInvalidRequestWithItsBytesAndTheNextQuestionIsStillAnswered() throws Exception {
        String huge = "How many employees work in each department? ".repeat(900_000 / 44);
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                producerProps(),
                topics.questions().keySerde().serializer(),
                topics.questions().valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topics.questions().name(), "q-huge", question("q-huge", DB, huge)))
                    .get();
            producer.send(new ProducerRecord<>(
                            topics.questions().name(),
                            "q-after-huge",
                            question("q-after-huge", DB, "What is the total amount of salaries paid per department?")))
                    .get();
        }

        FailureRecord failure = first(
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL)
                                .valueSerde()
                                .deserializer(),
                        f -> "corr-q-huge".equals(f.getCorrelationId()))
                .orElseThrow();
        assertThat(failure.getErrorClass()).isEqualTo("invalid_request");
        assertThat(failure.getMessage())
                .startsWith("question is " + huge.length() + " bytes (UTF-8); at most 4096 are accepted");
        QuestionAsked original = topics.questions()
                .valueSerde()
                .deserializer()
                .deserialize(failure.getOriginalTopic(), bytes(failure.getOriginalValue()));
        assertThat(original.getQuestion()).isEqualTo(huge);
        assertThat(first(
                        topics.contextRetrieved().name(),
                        topics.contextRetrieved().valueSerde().deserializer(),
                        c -> c.getQuestion().getId().equals("q-after-huge")))
                .isPresent();
        assertStillRunning();
    }

    @Test
    void aStackOverflowWhileRetrievingIsAProcessingErrorAndTheNextQuestionIsStillAnswered() throws Exception {
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                producerProps(),
                topics.questions().keySerde().serializer(),
                topics.questions().valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topics.questions().name(), "q-deep", question("q-deep", DB, BOTTOMLESS)))
                    .get();
            producer.send(new ProducerRecord<>(
                            topics.questions().name(),
                            "q-after-deep",
                            question("q-after-deep", DB, "Which employees work in each department?")))
                    .get();
        }

        FailureRecord failure = first(
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL)
                                .valueSerde()
                                .deserializer(),
                        f -> "corr-q-deep".equals(f.getCorrelationId()))
                .orElseThrow();
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(first(
                        topics.contextRetrieved().name(),
                        topics.contextRetrieved().valueSerde().deserializer(),
                        c -> c.getQuestion().getId().equals("q-after-deep")))
                .isPresent();
        assertStillRunning();
    }

    /**
     * An Error the processor does not expect is fatal: the client shuts down and says so, rather than living on as a
     * process with a dead stream. Here it runs in a stream of its own, on topics of its own.
     */
    @Test
    void anUnexpectedErrorShutsTheClientDownAndReportsItFatal(@TempDir Path stateDir) throws Exception {
        Topics doomed = new Topics("retrieval-it-doomed.", stack.registryClient());
        String fatalQuestion = "Which question breaks the class loader?";
        EmbeddingModel breaking = new ThrowingOn(fatalQuestion, new LinkageError("a broken class path"), model);
        CountDownLatch fatal = new CountDownLatch(1);
        try (RetrievalService service = InMemoryRetrieval.service(
                        store, breaking, RetrievalSettings.defaults(), new SimpleMeterRegistry());
                KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                        producerProps(),
                        doomed.questions().keySerde().serializer(),
                        doomed.questions().valueSerde().serializer())) {
            service.start(
                    stack.bootstrapServers(),
                    KafkaClientSecurity.none(),
                    doomed,
                    stateDir,
                    // One thread: the client is in ERROR once it dies. A sibling thread would first have to leave a
                    // rebalance that waits for the dead thread's member (the process exits on onFatal meanwhile).
                    new StreamsSettings(
                            StreamsSettings.DEFAULTS.maxPollInterval(), "", 1, StreamsSettings.DEFAULTS.topics()),
                    fatal::countDown);
            producer.send(new ProducerRecord<>(
                            doomed.questions().name(), "q-fatal", question("q-fatal", DB, fatalQuestion)))
                    .get();

            assertThat(fatal.await(60, TimeUnit.SECONDS)).as("reported fatal").isTrue();
            await("client shut down")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> service.state() == KafkaStreams.State.ERROR);
        }
    }

    /**
     * A cleanly closed instance leaves its group (dynamic membership here), so its successor is assigned every
     * partition at once instead of after the predecessor's session timeout (45 s), and answers within 5 s of its start.
     */
    @Test
    void aClosedInstanceLeavesItsGroupSoASuccessorAnswersWithinFiveSecondsOfItsStart(@TempDir Path stateDir)
            throws Exception {
        Topics shared = new Topics("retrieval-it-leave-" + UUID.randomUUID() + ".", stack.registryClient());
        StreamsSettings dynamic = StreamsSettings.DEFAULTS;
        assertThat(dynamic.groupInstanceId()).isEmpty();
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                producerProps(),
                shared.questions().keySerde().serializer(),
                shared.questions().valueSerde().serializer())) {
            try (RetrievalService predecessor =
                    InMemoryRetrieval.service(store, model, RetrievalSettings.defaults(), new SimpleMeterRegistry())) {
                predecessor.start(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        shared,
                        stateDir.resolve("predecessor"),
                        dynamic,
                        () -> {});
                producer.send(new ProducerRecord<>(
                                shared.questions().name(),
                                "q-before",
                                question("q-before", DB, "Which employees work in each department?")))
                        .get();
                assertThat(contextOf(shared, "q-before"))
                        .as("answered before the restart")
                        .isPresent();
            }

            long started = System.nanoTime();
            try (RetrievalService successor =
                    InMemoryRetrieval.service(store, model, RetrievalSettings.defaults(), new SimpleMeterRegistry())) {
                successor.start(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        shared,
                        stateDir.resolve("successor"),
                        dynamic,
                        () -> {});
                producer.send(new ProducerRecord<>(
                                shared.questions().name(),
                                "q-after",
                                question("q-after", DB, "What is the total amount of salaries paid per department?")))
                        .get();
                assertThat(contextOf(shared, "q-after"))
                        .as("answered after the restart")
                        .isPresent();
                assertThat(Duration.ofNanos(System.nanoTime() - started))
                        .as("from the successor's start to its answer")
                        .isLessThan(Duration.ofSeconds(5));
            }
        }
    }

    private static Optional<ContextRetrieved> contextOf(Topics topics, String questionId) {
        return first(
                topics.contextRetrieved().name(),
                topics.contextRetrieved().valueSerde().deserializer(),
                c -> c.getQuestion().getId().equals(questionId));
    }

    private static void assertStillRunning() {
        assertThat(retrieval.state()).isEqualTo(KafkaStreams.State.RUNNING);
        assertThat(failedForGood).isFalse();
    }

    /**
     * The value of the first sample of {@code series} whose labels contain {@code labels}; fails when there is none.
     */
    /**
     * The sum of every sample of a series whose labels contain {@code labels}: a per-thread series has one sample per
     * stream thread, and which thread processed a record depends on the partition assignment.
     */
    private static double sample(String exposition, String series, String labels) {
        Matcher line = Pattern.compile("(?m)^" + Pattern.quote(series) + "(\\{[^}]*})? (\\S+)$")
                .matcher(exposition);
        double sum = 0;
        boolean found = false;
        while (line.find())
            if (line.group(1) != null && line.group(1).contains(labels) || labels.isEmpty()) {
                sum += Double.parseDouble(line.group(2));
                found = true;
            }
        if (!found) throw new AssertionError("no sample " + series + " with " + labels + " in /metrics");
        return sum;
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin.port() + path))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** An embedding model that recurses without end on one text. */
    private record OverflowingOn(String text, EmbeddingModel delegate) implements EmbeddingModel {
        @Override
        public String modelId() {
            return delegate.modelId();
        }

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedAll(List<String> texts) {
            return delegate.embedAll(texts);
        }

        @Override
        public float[] embed(String query) {
            return query.equals(text) ? deeper(0) : delegate.embed(query);
        }

        private static float[] deeper(int depth) {
            return depth < 0 ? new float[0] : deeper(depth + 1);
        }
    }

    /** An embedding model that throws {@code error} on one text. */
    private record ThrowingOn(String text, Error error, EmbeddingModel delegate) implements EmbeddingModel {
        @Override
        public String modelId() {
            return delegate.modelId();
        }

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedAll(List<String> texts) {
            return delegate.embedAll(texts);
        }

        @Override
        public float[] embed(String query) {
            if (query.equals(text)) throw error;
            return delegate.embed(query);
        }
    }

    /**
     * A second retrieval stream whose producer accepts only 64 KiB, with the question cap raised above it, so that a
     * 100 KB question passes the cap and its ContextRetrieved is refused by the producer.
     */
    @Test
    void anOutputTheProducerRefusesAsTooLargeIsDeadLetteredAndTheStreamGoesOn(@TempDir Path stateDir) throws Exception {
        Topics small = new Topics("retrieval-it-small.", stack.registryClient());
        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), small, TopicSettings.DEFAULTS);
        RetrievalSettings raisedCap = RetrievalSettings.defaults()
                .withOverrides(Map.of(RetrievalSettings.QUESTION_MAX_BYTES.key(), "200000"));
        SchemaRetriever retriever = InMemoryRetrieval.service(store, model, raisedCap, new SimpleMeterRegistry())
                .retriever();
        StreamsBuilder builder = new StreamsBuilder();
        RetrievalTopology.build(builder, small, retriever, CacheFront.OFF, new SimpleMeterRegistry());
        Properties settings = StreamsProperties.of(
                small.prefix() + "retrieval",
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                small.deadLetter(DeadLetterTopic.RETRIEVAL),
                "retrieval",
                stateDir,
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));
        settings.put(StreamsConfig.producerPrefix(ProducerConfig.MAX_REQUEST_SIZE_CONFIG), 64 * 1024);
        String large = "Which employees earn the highest salaries in each department? ".repeat(100_000 / 62);

        try (KafkaStreams streams = new KafkaStreams(builder.build(), settings);
                KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                        producerProps(),
                        small.questions().keySerde().serializer(),
                        small.questions().valueSerde().serializer())) {
            streams.start();
            producer.send(new ProducerRecord<>(small.questions().name(), "q-large", question("q-large", DB, large)))
                    .get();
            producer.send(new ProducerRecord<>(
                            small.questions().name(),
                            "q-after-large",
                            question("q-after-large", DB, "What is the total amount of salaries paid per department?")))
                    .get();

            FailureRecord failure = first(
                            small.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                            small.deadLetter(DeadLetterTopic.RETRIEVAL)
                                    .valueSerde()
                                    .deserializer(),
                            f -> true)
                    .orElseThrow();
            assertThat(failure.getErrorClass()).isEqualTo("output_too_large");
            assertThat(failure.getMessage()).startsWith("RecordTooLargeException: ");
            assertThat(failure.getOriginalTopic()).isEqualTo(small.questions().name());
            assertThat(failure.getOriginalOffset()).isZero();
            assertThat(failure.getOriginalValue().remaining()).isEqualTo(8 * 1024); // an eighth of the 64 KiB limit
            assertThat(failure.getContext())
                    .startsWith("output to " + small.contextRetrieved().name() + ": value of ");
            assertThat(first(
                            small.contextRetrieved().name(),
                            small.contextRetrieved().valueSerde().deserializer(),
                            c -> c.getQuestion().getId().equals("q-after-large")))
                    .isPresent();
            assertThat(streams.state().isRunningOrRebalancing()).isTrue();
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static QuestionAsked question(String id, String db, String text) {
        return QuestionAsked.newBuilder()
                .setId(id)
                .setDatabaseId(db)
                .setQuestion(text)
                .setCorrelationId("corr-" + id)
                .setTimestamp(Instant.now())
                .build();
    }

    private static <V> Optional<V> first(String topic, Deserializer<V> values, Predicate<V> match) {
        return all(topic, values, 1, match).stream().findFirst();
    }

    private static <V> List<V> all(String topic, Deserializer<V> values, int atLeast) {
        return all(topic, values, atLeast, v -> true);
    }

    /** Polls a topic from the start for up to 60 s until {@code atLeast} matching records (or one, for {@link #first}). */
    private static <V> List<V> all(String topic, Deserializer<V> values, int atLeast, Predicate<V> match) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"); // what an aborted transaction wrote does not count
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 2 * 1024 * 1024);
        List<V> found = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(p, new StringDeserializer(), values)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await(atLeast + " matching record(s) on " + topic)
                    .atMost(Duration.ofSeconds(60))
                    .pollInSameThread()
                    .until(() -> {
                        for (var r : consumer.poll(Duration.ofMillis(200))) {
                            if (r.value() != null && match.test(r.value())) found.add(r.value());
                        }
                        return found.size() >= atLeast;
                    });
        }
        return found;
    }

    private static Properties producerProps() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        return p;
    }
}
