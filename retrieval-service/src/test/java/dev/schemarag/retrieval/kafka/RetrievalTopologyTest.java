package dev.schemarag.retrieval.kafka;

import static dev.schemarag.retrieval.ErpCatalog.EMPLOYEES;
import static dev.schemarag.retrieval.ErpCatalog.LEAVE_REQUESTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.avro.SchemaRegistry;
import dev.schemarag.avro.SchemaVersion;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.core.questions.AnswerCacheProbing;
import dev.schemarag.core.questions.QuestionText;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.QuestionEmbedding;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.retrieval.ErpCatalog;
import dev.schemarag.retrieval.FakeSchemaIndex;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.cache.CacheFront;
import dev.schemarag.retrieval.cache.CachedAnswerHits;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.testkit.FakeEmbeddingModel;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retrieval topology in a TopologyTestDriver with the production streams settings (dead-letter handlers
 * included, at-least-once instead of exactly-once), Avro serdes against an in-memory schema registry, and a retriever
 * over an in-memory index: no broker, no registry server.
 */
class RetrievalTopologyTest {
    private static final String QUESTION = "Which employees took sick leave last year?";
    /** A question whose embedding recurses until the stack overflows. */
    private static final String BOTTOMLESS = "Which employees report to themselves, and to whom do they report?";

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final CountingRegistry registry = new CountingRegistry(new InMemorySchemaRegistry());
    private TopologyTestDriver driver;
    private SchemaRetriever retriever;
    private Topics topics;
    private TestInputTopic<String, QuestionAsked> questions;
    private TestOutputTopic<String, ContextRetrieved> contexts;
    private TestOutputTopic<String, FailureRecord> deadLetters;
    private FakeSchemaIndex index;
    /** The answer cache as retrieval's probe sees it: question ids by "database|principal|question hash". */
    private final Map<String, String> cachedAnswers = new HashMap<>();
    /** How often the answer cache was looked up. */
    private final AtomicInteger probes = new AtomicInteger();

    private CacheFront front;

    @BeforeEach
    void startDriver(@TempDir Path stateDir) {
        index = new FakeSchemaIndex("erp", ErpCatalog.TABLES);
        index.tableHits.addAll(List.of(new TableHit(LEAVE_REQUESTS, 0.62), new TableHit(EMPLOYEES, 0.48)));
        index.columnHits.addAll(List.of(
                new ColumnHit(LEAVE_REQUESTS, "leave_type", false, 0.55),
                new ColumnHit(EMPLOYEES, "full_name", false, 0.35)));
        retriever = new SchemaRetriever(
                index, new OverflowingOn(BOTTOMLESS, new FakeEmbeddingModel()), RetrievalSettings.defaults(), 16);

        topics = new Topics("retrieval-test.", registry);
        StreamsBuilder builder = new StreamsBuilder();
        front = new CacheFront(
                (databaseId, principal, questionHash) -> {
                    probes.incrementAndGet();
                    return Optional.ofNullable(cachedAnswers.get(databaseId + "|" + principal + "|" + questionHash))
                            .map(questionId -> CachedAnswerHits.of(databaseId, questionId, questionHash));
                },
                RetrievalSettings.defaults());
        RetrievalTopology.build(builder, topics, retriever, front, meters);
        Properties settings = StreamsProperties.of(
                "retrieval-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                topics.deadLetter(DeadLetterTopic.RETRIEVAL),
                "retrieval",
                stateDir,
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));
        // Under exactly-once the driver drops what the deserialization handler sends: the handler runs when a record
        // is enqueued, inside a transaction the driver has not committed yet, and the driver clears its MockProducer's
        // uncommitted sends (MockProducer.clear) before processing. On a real broker the task's next commit carries
        // them.
        settings.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), settings);

        Topic<String, QuestionAsked> in = topics.questions();
        questions = driver.createInputTopic(
                in.name(), in.keySerde().serializer(), in.valueSerde().serializer());
        Topic<String, ContextRetrieved> out = topics.contextRetrieved();
        contexts = driver.createOutputTopic(
                out.name(), out.keySerde().deserializer(), out.valueSerde().deserializer());
        Topic<String, FailureRecord> dlq = topics.deadLetter(DeadLetterTopic.RETRIEVAL);
        deadLetters = driver.createOutputTopic(
                dlq.name(), dlq.keySerde().deserializer(), dlq.valueSerde().deserializer());
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void afterTheWarmUpTheFirstQuestionAsksTheRegistryNothing() {
        RetrievalTopology.warmUp(topics, retriever, front, List.of("erp"));
        int afterWarmUp = registry.calls.get();

        questions.pipeInput("q-1", question("q-1", "erp", QUESTION));

        assertThat(afterWarmUp).isPositive();
        assertThat(probes.get())
                .as("each warm-up round looks its question up, then the question")
                .isEqualTo(RetrievalTopology.WARM_UP_ROUNDS + 1);
        assertThat(registry.calls.get()).isEqualTo(afterWarmUp);
        assertThat(contexts.readValue().getQuestion().getId()).isEqualTo("q-1");
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void withoutTheWarmUpTheFirstQuestionWaitsForTheRegistry() {
        QuestionAsked first = question("q-1", "erp", QUESTION);
        topics.questions()
                .valueSerde()
                .serializer()
                .serialize(topics.questions().name(), first); // the sender's part
        int beforeSending = registry.calls.get();

        questions.pipeInput("q-1", first);

        assertThat(registry.calls.get()).isGreaterThan(beforeSending);
        assertThat(contexts.readValue().getQuestion().getId()).isEqualTo("q-1");
    }

    @Test
    void aQuestionBecomesTheContextOfItsSelectedTablesUnderItsCorrelationId() {
        questions.pipeInput("q-1", question("q-1", "erp", QUESTION));

        TestRecord<String, ContextRetrieved> record = contexts.readRecord();
        ContextRetrieved context = record.value();
        assertThat(record.key()).isEqualTo("q-1");
        assertThat(context.getQuestion().getCorrelationId()).isEqualTo("corr-q-1");
        assertThat(context.getQuestion().getQuestion()).isEqualTo(QUESTION);
        assertThat(context.getSelectedTables())
                .extracting(ScoredTable::getTable)
                .startsWith("hr.leave_requests", "hr.employees")
                .doesNotContain("sales.orders");
        assertThat(context.getSelectedTables().get(0).getReason()).isEqualTo("retrieved");
        assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo("rag");
        assertThat(context.getRetrievalMetadata().getTablesIncluded())
                .isEqualTo(context.getSelectedTables().size());
        assertThat(context.getRetrievalMetadata().getFallbackReason()).isNull();
        assertThat(context.getRetrievalMetadata().getCatalogVersion())
                .isEqualTo(index.version("erp").orElseThrow());
        assertThat(context.getContextPacket())
                .contains("CREATE TABLE hr.leave_requests (", "CREATE TABLE hr.employees (")
                .doesNotContain("CREATE TABLE sales.orders (");
        assertThat(context.getJoinHints()).contains("leave_requests.employee_id = employees.employee_id");
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void aQuestionTheAnswerCacheHoldsSkipsEmbeddingAndRankingAndNamesTheEntry() {
        cachedAnswers.put("erp|alice|" + QuestionText.hash(QUESTION, null), "q-0");
        QuestionAsked asked = question("q-1", "erp", "which employees took SICK leave last year");
        asked.setPrincipal("alice");

        questions.pipeInput("q-1", asked);

        ContextRetrieved context = contexts.readValue();
        assertThat(context.getCachedAnswer().getQuestionId()).isEqualTo("q-0");
        // The entry as the probe read it, for generation to serve without reading it again.
        assertThat(context.getCachedAnswer().getEntry().getSql())
                .isEqualTo(CachedAnswerHits.of("erp", "q-0", "").entry().sql());
        assertThat(context.getCachedAnswer().getEntry().getQuestionHash()).isEqualTo(QuestionText.hash(QUESTION, null));
        assertThat(context.getQuestion()).isEqualTo(asked);
        assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo(AnswerCacheProbing.STRATEGY);
        assertThat(context.getContextPacket()).isEmpty();
        assertThat(context.getSelectedTables()).isEmpty();
        assertThat(context.getQuestionEmbedding()).isNull();
        assertThat(retriever.embeddingCacheMisses() + retriever.embeddingCacheHits())
                .isZero();
        assertThat(meters.get(RetrievalMeters.ANSWER_CACHE_PROBE)
                        .tag("result", "hit")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void anotherPrincipalOrAQuestionWithTheProbeOffIsRetrieved() {
        cachedAnswers.put("erp|alice|" + QuestionText.hash(QUESTION, null), "q-0");
        QuestionAsked bob = question("q-1", "erp", QUESTION);
        bob.setPrincipal("bob");
        QuestionAsked sentBack = question("q-2", "erp", QUESTION);
        sentBack.setPrincipal("alice");
        sentBack.setRetrievalSettings(Map.of(AnswerCacheProbing.SETTING, "false"));

        questions.pipeInput("q-1", bob);
        questions.pipeInput("q-2", sentBack);

        for (ContextRetrieved context : contexts.readValuesToList()) {
            assertThat(context.getCachedAnswer()).isNull();
            assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo("rag");
            assertThat(context.getSelectedTables()).isNotEmpty();
        }
        assertThat(meters.get(RetrievalMeters.ANSWER_CACHE_PROBE)
                        .tag("result", "miss")
                        .timer()
                        .count())
                .isEqualTo(2);
    }

    @Test
    void aQuestionWithoutADatabaseIsRoutedAndItsContextNamesTheDatabaseChosen() {
        questions.pipeInput("q-1", question("q-1", null, QUESTION));

        ContextRetrieved context = contexts.readValue();
        assertThat(context.getQuestion().getDatabaseId()).isEqualTo("erp");
        assertThat(context.getRetrievalMetadata().getRoutedDatabaseId()).isEqualTo("erp");
        // the only registered database: nothing to weigh it against
        assertThat(context.getRetrievalMetadata().getRoutingConfidence()).isEqualTo(1.0);
        assertThat(context.getSelectedTables())
                .extracting(ScoredTable::getTable)
                .startsWith("hr.leave_requests");
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void aQuestionNamingItsDatabaseCarriesNoRouting() {
        questions.pipeInput("q-1", question("q-1", "erp", QUESTION));

        ContextRetrieved context = contexts.readValue();
        assertThat(context.getRetrievalMetadata().getRoutedDatabaseId()).isNull();
        assertThat(context.getRetrievalMetadata().getRoutingConfidence()).isNull();
    }

    @Test
    void contextsAndFailuresAreKeyedByTheQuestionIdWhateverKeyTheQuestionCameWith() {
        questions.pipeInput("q-7", question("q-7", "erp", QUESTION));
        questions.pipeInput((String) null, question("q-8", "erp", QUESTION));
        questions.pipeInput("producer-chosen", question("q-9", "crm", QUESTION));

        assertThat(contexts.readRecordsToList()).extracting(TestRecord::key).containsExactly("q-7", "q-8");
        assertThat(deadLetters.readRecord().key()).isEqualTo("q-9");
    }

    @Test
    void aQuestionOnAnUnknownDatabaseIsDeadLetteredAndTheNextQuestionIsStillAnswered() {
        questions.pipeInput("q-crm", question("q-crm", "crm", QUESTION));
        questions.pipeInput("q-2", question("q-2", "erp", QUESTION));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getStage()).isEqualTo("retrieval");
        assertThat(failure.getErrorClass()).isEqualTo("unknown_database");
        assertThat(failure.getMessage())
                .isEqualTo("database 'crm' has no catalog in the store: not registered, or not synced yet");
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q-crm");
        assertThat(failure.getContext()).isEqualTo("question q-crm on database crm");
        assertThat(failure.getOriginalTopic()).isEqualTo("retrieval-test.questions");
        assertThat(failure.getOriginalOffset()).isZero();
        assertThat(failure.getOriginalKey()).isEqualTo(ByteBuffer.wrap("q-crm".getBytes(StandardCharsets.UTF_8)));
        // The original value is the question itself, so that dlq replay can send it again.
        QuestionAsked replayed = topics.questions()
                .valueSerde()
                .deserializer()
                .deserialize(failure.getOriginalTopic(), bytes(failure.getOriginalValue()));
        assertThat(replayed).isEqualTo(question("q-crm", "crm", QUESTION));
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(contexts.readValue().getQuestion().getId()).isEqualTo("q-2");
        assertThat(contexts.isEmpty()).isTrue();
        assertThat(meters.get(DeadLetterMeters.NAME)
                        .tag(
                                "topic",
                                topics.deadLetter(DeadLetterTopic.RETRIEVAL).name())
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(RetrievalMeters.LATENCY)
                        .tag("outcome", "failed")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(RetrievalMeters.LATENCY)
                        .tag("outcome", "rag")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void bytesThatAreNotAvroAreDeadLetteredWithTheOriginalBytesAndTheStreamGoesOn() {
        byte[] key = "poison".getBytes(StandardCharsets.UTF_8);
        byte[] value = "not an Avro record".getBytes(StandardCharsets.UTF_8);
        driver.createInputTopic(topics.questions().name(), new ByteArraySerializer(), new ByteArraySerializer())
                .pipeInput(key, value);
        questions.pipeInput("q-3", question("q-3", "erp", QUESTION));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getStage()).isEqualTo("retrieval");
        assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
        assertThat(failure.getMessage()).startsWith("SerializationException: ").contains("unknown magic byte");
        assertThat(failure.getOriginalTopic()).isEqualTo("retrieval-test.questions");
        assertThat(failure.getOriginalOffset()).isZero();
        assertThat(failure.getOriginalKey()).isEqualTo(ByteBuffer.wrap(key));
        assertThat(failure.getOriginalValue()).isEqualTo(ByteBuffer.wrap(value));
        assertThat(failure.getCorrelationId()).isNull();
        assertThat(contexts.readValue().getQuestion().getId()).isEqualTo("q-3");
    }

    @Test
    void aQuestionOverTheSizeCapIsDeadLetteredAsAnInvalidRequestWithItsBytesAndTheNextQuestionIsStillAnswered() {
        String huge = "Which employees took sick leave? ".repeat(30_000); // ~1 MB
        questions.pipeInput("q-huge", question("q-huge", "erp", huge));
        questions.pipeInput("q-5", question("q-5", "erp", QUESTION));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getErrorClass()).isEqualTo("invalid_request");
        assertThat(failure.getMessage())
                .isEqualTo("question is " + huge.length()
                        + " bytes (UTF-8); at most 4096 are accepted (retrieval.question.max-bytes)");
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q-huge");
        QuestionAsked original = topics.questions()
                .valueSerde()
                .deserializer()
                .deserialize(failure.getOriginalTopic(), bytes(failure.getOriginalValue()));
        assertThat(original.getQuestion()).isEqualTo(huge);
        assertThat(contexts.readValue().getQuestion().getId()).isEqualTo("q-5");
        assertThat(contexts.isEmpty()).isTrue();
    }

    @Test
    void aQuestionThatOverflowsTheStackIsDeadLetteredAndTheNextQuestionIsStillAnswered() {
        questions.pipeInput("q-deep", question("q-deep", "erp", BOTTOMLESS));
        questions.pipeInput("q-6", question("q-6", "erp", QUESTION));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(failure.getMessage()).isEqualTo("StackOverflowError while retrieving the context of this question");
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q-deep");
        assertThat(topics.questions()
                        .valueSerde()
                        .deserializer()
                        .deserialize(failure.getOriginalTopic(), bytes(failure.getOriginalValue()))
                        .getQuestion())
                .isEqualTo(BOTTOMLESS);
        assertThat(contexts.readValue().getQuestion().getId()).isEqualTo("q-6");
    }

    @Test
    void theContextCarriesTheQuestionsEmbeddingSoGenerationNeedNotEmbedItAgain() {
        questions.pipeInput("q-1", question("q-1", "erp", QUESTION));

        QuestionEmbedding embedding = contexts.readValue().getQuestionEmbedding();
        assertThat(embedding.getModel()).isEqualTo(FakeEmbeddingModel.ID);
        assertThat(QuestionVector.decode(embedding.getModel(), embedding.getVector())
                        .orElseThrow()
                        .values())
                .containsExactly(new FakeEmbeddingModel().embed(QUESTION));
    }

    @Test
    void aQuestionWithEvidenceCarriesNoEmbeddingSinceRetrievalEmbeddedQuestionAndEvidenceTogether() {
        QuestionAsked withEvidence = question("q-1", "erp", QUESTION);
        withEvidence.setEvidence("sick leave is leave_type 'sick'");
        questions.pipeInput("q-1", withEvidence);

        ContextRetrieved context = contexts.readValue();
        assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo("rag");
        assertThat(context.getQuestionEmbedding()).isNull();
    }

    @Test
    void aFullSchemaContextCarriesNoEmbeddingSinceNothingEmbeddedTheQuestion() {
        QuestionAsked full = question("q-4", "erp", QUESTION);
        full.setUseRetrieval(false);
        questions.pipeInput("q-4", full);

        assertThat(contexts.readValue().getQuestionEmbedding()).isNull();
    }

    @Test
    void useRetrievalFalseSendsTheFullSchema() {
        QuestionAsked full = question("q-4", "erp", QUESTION);
        full.setUseRetrieval(false);
        questions.pipeInput("q-4", full);

        ContextRetrieved context = contexts.readValue();
        assertThat(context.getRetrievalMetadata().getStrategy()).isEqualTo("full_schema");
        assertThat(context.getRetrievalMetadata().getTablesIncluded()).isEqualTo(ErpCatalog.TABLES.size());
        assertThat(context.getSelectedTables())
                .hasSize(ErpCatalog.TABLES.size())
                .allSatisfy(t -> assertThat(t.getReason()).isEqualTo("full_schema"));
        assertThat(context.getContextPacket())
                .contains("CREATE TABLE sales.orders (", "CREATE TABLE finance.tax_codes (");
    }

    /** An embedding model that recurses without end on one text: a real StackOverflowError inside the processor. */
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

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static QuestionAsked question(String id, String databaseId, String text) {
        return QuestionAsked.newBuilder()
                .setId(id)
                .setDatabaseId(databaseId)
                .setQuestion(text)
                .setCorrelationId("corr-" + id)
                .setTimestamp(Instant.EPOCH)
                .build();
    }

    /** Counts the calls that would reach a registry server. */
    private static final class CountingRegistry implements SchemaRegistry {
        final AtomicInteger calls = new AtomicInteger();
        private final SchemaRegistry registry;

        CountingRegistry(SchemaRegistry registry) {
            this.registry = registry;
        }

        @Override
        public int register(String subject, Schema schema) {
            calls.incrementAndGet();
            return registry.register(subject, schema);
        }

        @Override
        public Schema getById(int id) {
            calls.incrementAndGet();
            return registry.getById(id);
        }

        @Override
        public boolean isCompatible(String subject, Schema schema) {
            calls.incrementAndGet();
            return registry.isCompatible(subject, schema);
        }

        @Override
        public List<String> subjects() {
            calls.incrementAndGet();
            return registry.subjects();
        }

        @Override
        public SchemaVersion latest(String subject) {
            calls.incrementAndGet();
            return registry.latest(subject);
        }
    }
}
