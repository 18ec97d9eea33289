package dev.schemarag.generation.service;

import static dev.schemarag.generation.answer.Events.context;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.cache.AnswerCacheMeters;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generation service on the real stack: Kafka Streams, PostgreSQL through the read-only role, and a local
 * chat-completions endpoint standing in for the LLM.
 */
class GenerationServiceIT {
    private static final String DB = "generation_it";
    private static final String STORE_DB = "generation_it_store";
    private static final String PACKET =
            "CREATE TABLE public.employees (employee_id bigint PRIMARY KEY, last_name text, first_name text);";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Credentials READER = new Credentials(ReaderRole.NAME, "reader-secret");

    private static final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private static EmbeddedStack stack;
    private static ScriptedChatCompletions llm;
    private static Topics topics;
    private static Database admin;
    private static Database store;
    private static GenerationService service;
    private static VerifiedExampleGenerator offline;

    @BeforeAll
    static void start(@TempDir Path stateDir) throws Exception {
        stack = SharedTestStack.get();
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        stack.postgres().createDatabaseIfMissing(DB);
        stack.postgres().createDatabaseIfMissing(STORE_DB);
        admin = new Database(stack.postgres().jdbcUrl(DB), user, password);
        sql(
                "DROP TABLE IF EXISTS employees, payroll_runs",
                "CREATE TABLE employees (employee_id bigint PRIMARY KEY, last_name text, first_name text)",
                "INSERT INTO employees VALUES (1, 'Lovelace', 'Ada')",
                "CREATE TABLE payroll_runs (run_id bigint PRIMARY KEY, paid_on date)");
        try (Connection session = admin.borrow()) {
            ReaderRole.grant(session, DB, List.of("public"), "reader-secret");
        }
        // The store from this source tree's migrations, V2__verified_examples included.
        Flyway.configure()
                .dataSource(stack.postgres().jdbcUrl(STORE_DB), user, password)
                .locations("filesystem:"
                        + Path.of("../core/src/main/resources/db/migration").toAbsolutePath())
                .load()
                .migrate();
        store = new Database(stack.postgres().jdbcUrl(STORE_DB), user, password);

        llm = new ScriptedChatCompletions();
        topics = new Topics("generation-it.", stack.registryClient());
        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, TopicSettings.DEFAULTS);
        String unreachable = "jdbc:postgresql://127.0.0.1:1/" + DB;
        DatabaseRegistry databases = new DatabaseRegistry(List.of(
                new RegisteredDatabase(
                        "gen", stack.postgres().jdbcUrl(DB), null, READER, List.of("public"), null, null),
                new RegisteredDatabase("gen_down", unreachable, null, READER, List.of("public"), null, null)));
        Settings settings = Settings.of(Map.of(
                "llm.base.url",
                llm.baseUrl().toString(),
                "llm.max.retries",
                "1",
                "generation.statement.timeout.millis",
                "500"));
        EmbeddingModel model = OnnxEmbeddingModel.examplesDefault();
        // What a generation service without an LLM would answer from the same store.
        offline = new VerifiedExampleGenerator(
                new VerifiedExampleStore(store, model), VerifiedExampleGenerator.DEFAULT_THRESHOLD);
        service = new GenerationService(
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                stateDir,
                topics,
                settings,
                databases,
                store,
                model,
                meters);
        service.start(() -> {}); // a dead stream client fails the tests: nothing is answered
    }

    @AfterAll
    static void stop() {
        if (service != null) service.close();
        if (llm != null) llm.close();
        if (store != null) store.close();
        if (admin != null) admin.close();
    }

    @Test
    void wrongColumnIsRepairedWithTheCandidatesAndTheAnswerIsKeptAsAnUnreviewedCandidate() throws Exception {
        String question = "What are the surnames of all employees?";
        llm.answer(question, "SELECT e.surname FROM public.employees e", "SELECT e.last_name FROM public.employees e");

        ask(context("repair-1", "gen", question, PACKET, "public.employees"));

        AnswerValidated answer = await(topics.answers(), a -> a.getQuestionId().equals("repair-1"));
        assertThat(answer.getSql()).isEqualTo("SELECT e.last_name FROM public.employees e");
        assertThat(answer.getAttempts()).isEqualTo(2);
        assertThat(llm.promptsFor(question)).hasSize(2);
        assertThat(llm.promptsFor(question).get(1))
                .contains("SELECT e.surname FROM public.employees e", "last_name", "first_name");
        assertThat(query(store, "SELECT status FROM verified_examples WHERE question_id = 'repair-1'"))
                .isEqualTo("candidate");
        // The service's meters: its outcome, the LLM calls behind it, and the stream client's own metrics.
        assertThat(meters.get("schemarag.generation.outcomes")
                        .tag("class", "answered")
                        .counter()
                        .count())
                .isGreaterThanOrEqualTo(1);
        assertThat(meters.get("schemarag.llm.latency")
                        .tag("result", "ok")
                        .timer()
                        .count())
                .isGreaterThanOrEqualTo(2);
        assertThat(meters.find("kafka.consumer.fetch.manager.records.lag.max")
                        .tag("streams", "generation")
                        .meters())
                .isNotEmpty();
    }

    @Test
    void aRepeatedQuestionIsAnsweredFromTheAnswerCacheWithoutTheModelAndValidatedAgain() throws Exception {
        String question = "Which employees have the longest last names?";
        String sql = "SELECT e.last_name FROM public.employees e ORDER BY length(e.last_name) DESC";
        String first = "cache-" + UUID.randomUUID();
        String again = "cache-" + UUID.randomUUID();
        llm.answer(question, sql);
        ask(context(first, "gen", question, PACKET, "public.employees"));
        assertThat(await(topics.answers(), a -> a.getQuestionId().equals(first)).getCachedFrom())
                .isNull();

        ask(context(again, "gen", "  which employees have the LONGEST last names ", PACKET, "public.employees"));

        AnswerValidated served = await(topics.answers(), a -> a.getQuestionId().equals(again));
        assertThat(served.getCachedFrom()).isEqualTo(first);
        assertThat(served.getSql()).isEqualTo(sql);
        assertThat(llm.promptsFor(question)).hasSize(1);
        assertThat(meters.get(AnswerCacheMeters.LOOKUPS)
                        .tag("result", "hit")
                        .counter()
                        .count())
                .isGreaterThanOrEqualTo(1);
        assertThat(meters.get(AnswerCacheMeters.HIT_TIME).timer().count()).isGreaterThanOrEqualTo(1);
        // Kept as a candidate of its own, so that feedback on it applies.
        awaitQuery("SELECT status FROM verified_examples WHERE question_id = '" + again + "'", "candidate");
    }

    @Test
    void aValidatedLlmAnswerIsServedOfflineOnlyAfterApprovalAndNeverAfterRejection() throws Exception {
        String question = "Which employees have the last name Lovelace?";
        String later = "Which employees have Lovelace as their last name?";
        String sql = "SELECT e.employee_id, e.first_name FROM public.employees e WHERE e.last_name = 'Lovelace'";
        String id = "review-" + UUID.randomUUID();
        llm.answer(question, sql);
        ask(context(id, "gen", question, PACKET, "public.employees"));
        await(topics.answers(), a -> a.getQuestionId().equals(id));

        assertThat(offlineAnswer(later)).as("an unreviewed answer is served").isEmpty();

        feedback(id, FeedbackVerdict.APPROVE);
        awaitOfflineAnswer(later, Optional.of(sql));

        feedback(id, FeedbackVerdict.REJECT);
        awaitOfflineAnswer(later, Optional.empty());
        feedback(id, FeedbackVerdict.APPROVE);
        String marker = "marker-" + UUID.randomUUID();
        feedback(marker, FeedbackVerdict.APPROVE);
        await(topics.deadLetter(DeadLetterTopic.UNKNOWN), f -> f.getMessage().contains(marker));
        assertThat(offlineAnswer(later))
                .as("an approval after a rejection serves it again")
                .isEmpty();
        assertThat(query(store, "SELECT status FROM verified_examples WHERE question_id = '" + id + "'"))
                .isEqualTo("rejected");
    }

    @Test
    void malformedOrUnknownFeedbackIsDeadLetteredAndTheFeedbackStreamGoesOn() throws Exception {
        String question = "What are the first names of all employees?";
        String id = "review-" + UUID.randomUUID();
        llm.answer(question, "SELECT e.first_name FROM public.employees e");
        ask(context(id, "gen", question, PACKET, "public.employees"));
        await(topics.answers(), a -> a.getQuestionId().equals(id));
        String unknown = "unknown-" + UUID.randomUUID();
        String garbage = "not avro " + UUID.randomUUID();

        try (KafkaProducer<byte[], byte[]> raw = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            raw.send(new ProducerRecord<>(topics.feedback().name(), garbage.getBytes(), garbage.getBytes()))
                    .get();
        }
        feedback(unknown, FeedbackVerdict.APPROVE);
        feedback(id, FeedbackVerdict.REJECT);

        Topic<String, FailureRecord> unknownClass = topics.deadLetter(DeadLetterTopic.UNKNOWN);
        FailureRecord malformed = await(
                unknownClass,
                f -> f.getOriginalValue() != null && new String(bytes(f.getOriginalValue())).equals(garbage));
        assertThat(malformed.getErrorClass()).isEqualTo("malformed_event");
        assertThat(malformed.getOriginalTopic()).isEqualTo(topics.feedback().name());
        FailureRecord unknownQuestion = await(unknownClass, f -> f.getMessage().contains(unknown));
        assertThat(unknownQuestion.getErrorClass()).isEqualTo("unknown_question");
        assertThat(unknownQuestion.getStage()).isEqualTo("feedback");
        awaitQuery("SELECT status FROM verified_examples WHERE question_id = '" + id + "'", "rejected");
    }

    @Test
    void deleteMultiStatementAndSleepAreBlockedAndNeverExecuted() throws Exception {
        llm.answer("Remove employee one", "DELETE FROM public.employees WHERE employee_id = 1");
        llm.answer("List and clean up", "SELECT e.last_name FROM public.employees e; DELETE FROM public.employees");
        llm.answer("Wait for employees", "SELECT e.last_name, pg_sleep(20) FROM public.employees e");
        long started = System.nanoTime();

        ask(context("block-delete", "gen", "Remove employee one", PACKET, "public.employees"));
        ask(context("block-multi", "gen", "List and clean up", PACKET, "public.employees"));
        ask(context("block-sleep", "gen", "Wait for employees", PACKET, "public.employees"));

        Topic<String, FailureRecord> blocked = topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK);
        for (String id : List.of("block-delete", "block-multi", "block-sleep")) {
            FailureRecord failure = await(blocked, f -> ("corr-" + id).equals(f.getCorrelationId()));
            assertThat(failure.getErrorClass()).isEqualTo("validation_block");
            assertThat(failure.getAttempt()).isEqualTo(1);
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        assertThat(query(admin, "SELECT count(*) FROM employees WHERE employee_id = 1"))
                .isEqualTo("1");
    }

    @Test
    void unreachableDatabaseIsInfraFailureAfterOneAttempt() throws Exception {
        String question = "How many employees are on the down database?";
        llm.answer(question, "SELECT count(*) FROM public.employees e");

        ask(context("down-1", "gen_down", question, PACKET, "public.employees"));

        FailureRecord failure = await(
                topics.deadLetter(DeadLetterTopic.INFRA_FAILURE), f -> "corr-down-1".equals(f.getCorrelationId()));
        assertThat(failure.getSqlstate()).startsWith("08");
        assertThat(failure.getAttempt()).isEqualTo(1);
        assertThat(failure.getOriginalValue()).isNotNull();
        assertThat(llm.promptsFor(question)).hasSize(1);
    }

    @Test
    void explainOutlastingTheStatementTimeoutIsQueryTimeoutAfterTheSimplifyRetries() throws Exception {
        String question = "When were payrolls run?";
        llm.answer(question, "SELECT p.paid_on FROM public.payroll_runs p");
        // An exclusive lock held elsewhere makes planning wait until statement_timeout cancels it.
        try (Connection locker = admin.open()) {
            locker.setAutoCommit(false);
            try (Statement st = locker.createStatement()) {
                st.execute("LOCK TABLE payroll_runs IN ACCESS EXCLUSIVE MODE");
            }
            ask(context("slow-1", "gen", question, PACKET, "public.payroll_runs"));

            FailureRecord failure = await(
                    topics.deadLetter(DeadLetterTopic.QUERY_TIMEOUT), f -> "corr-slow-1".equals(f.getCorrelationId()));
            assertThat(failure.getSqlstate()).isEqualTo("57014");
            assertThat(failure.getAttempt()).isEqualTo(3);
            assertThat(llm.promptsFor(question).get(1)).contains("simpler");
            locker.rollback();
        }
    }

    @Test
    void failingLlmIsGenerationUnavailableCarryingTheContextPacket() throws Exception {
        String question = "Which employees joined this year?";
        llm.fail(question, 503, Integer.MAX_VALUE);

        ask(context("llm-down-1", "gen", question, PACKET, "public.employees"));

        FailureRecord failure = await(topics.deadLetter(DeadLetterTopic.GENERATION_UNAVAILABLE), f -> "corr-llm-down-1"
                .equals(f.getCorrelationId()));
        assertThat(failure.getMessage()).contains("HTTP 503 after 2 attempt(s)");
        assertThat(failure.getContext()).isEqualTo(PACKET);
        assertThat(llm.promptsFor(question)).hasSize(2);
    }

    @Test
    void refusesToStartWhenADatabaseIsRegisteredWithTheSuperuserAsReader(@TempDir Path otherState) {
        Credentials superuser =
                new Credentials(stack.postgres().user(), stack.postgres().password());
        DatabaseRegistry databases = new DatabaseRegistry(List.of(new RegisteredDatabase(
                "gen", stack.postgres().jdbcUrl(DB), superuser, superuser, List.of("public"), null, null)));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new GenerationService(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        otherState,
                        topics,
                        Settings.of(Map.of()),
                        databases,
                        store,
                        null,
                        new SimpleMeterRegistry()))
                .hasMessageContaining("generation refuses to start")
                .hasMessageContaining("ALTER ROLE \"" + stack.postgres().user() + "\" NOSUPERUSER");
    }

    @Test
    void theReaderRoleCannotWrite() throws Exception {
        try (Connection reader = java.sql.DriverManager.getConnection(
                        stack.postgres().jdbcUrl(DB), ReaderRole.NAME, "reader-secret");
                Statement st = reader.createStatement()) {
            assertThat(org.assertj.core.api.Assertions.catchThrowableOfType(
                                    java.sql.SQLException.class, () -> st.execute("DELETE FROM employees"))
                            .getSQLState())
                    .isIn("25006", "42501");
        }
        assertThat(query(admin, "SELECT count(*) FROM employees")).isEqualTo("1");
    }

    private static void ask(ContextRetrieved event) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        Topic<String, ContextRetrieved> topic = topics.contextRetrieved();
        try (KafkaProducer<String, ContextRetrieved> producer = new KafkaProducer<>(
                p, new StringSerializer(), topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topic.name(), event.getQuestion().getId(), event));
        }
    }

    private static void feedback(String questionId, FeedbackVerdict verdict) throws Exception {
        Topic<String, AnswerFeedback> topic = topics.feedback();
        try (KafkaProducer<String, AnswerFeedback> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                new StringSerializer(),
                topic.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(
                            topic.name(),
                            questionId,
                            AnswerFeedback.newBuilder()
                                    .setQuestionId(questionId)
                                    .setVerdict(verdict)
                                    .setActor("generation-it")
                                    .setTimestamp(Instant.now())
                                    .build()))
                    .get();
        }
    }

    /** The SQL the offline generator answers {@code question} of database gen with, if any. */
    private static Optional<String> offlineAnswer(String question) {
        GenerationOutcome outcome = offline.generate(
                new GenerationRequest(
                        "offline",
                        "gen",
                        question,
                        Asker.ANONYMOUS,
                        Optional.empty(),
                        PACKET,
                        List.of(),
                        List.of(),
                        0.9,
                        Optional.empty(),
                        Optional.empty()),
                Deadline.after(Duration.ofMinutes(1)));
        return outcome instanceof GenerationOutcome.Generated g
                ? Optional.of(g.sql().sql())
                : Optional.empty();
    }

    private static void awaitOfflineAnswer(String question, Optional<String> wanted) {
        Awaitility.await().atMost(WAIT).untilAsserted(() -> assertThat(offlineAnswer(question))
                .isEqualTo(wanted));
    }

    private static void awaitQuery(String sql, String wanted) {
        Awaitility.await().atMost(WAIT).untilAsserted(() -> assertThat(query(store, sql))
                .isEqualTo(wanted));
    }

    private static byte[] bytes(java.nio.ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static <V> V await(Topic<String, V> topic, Predicate<V> wanted) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(
                p, new StringDeserializer(), topic.valueSerde().deserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name()).stream()
                    .map(info -> new TopicPartition(topic.name(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<V> matching = new ArrayList<>();
            Awaitility.await("a matching record on " + topic.name())
                    .atMost(WAIT)
                    .pollInSameThread()
                    .until(() -> {
                        for (var record : consumer.poll(Duration.ofMillis(500)))
                            if (wanted.test(record.value())) matching.add(record.value());
                        return !matching.isEmpty();
                    });
            return matching.get(0);
        }
    }

    private static void sql(String... statements) throws Exception {
        try (Connection session = admin.borrow();
                Statement st = session.createStatement()) {
            for (String s : statements) st.execute(s);
        }
    }

    private static String query(Database db, String sql) throws Exception {
        try (Connection session = db.borrow();
                Statement st = session.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
