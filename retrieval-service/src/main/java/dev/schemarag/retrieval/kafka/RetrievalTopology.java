package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.CommitPacer;
import dev.schemarag.core.kafka.DeadLetterRouting;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.cache.CacheFront;
import dev.schemarag.retrieval.cache.CachedAnswerHit;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * {@code QuestionAsked} → dual retrieval → {@code ContextRetrieved}, or a {@code FailureRecord} on the retrieval DLQ. A
 * question the answer cache holds a fresh answer to skips retrieval: its context names the entry ({@link CacheFront}).
 */
public final class RetrievalTopology {
    private RetrievalTopology() {}

    public static void build(
            StreamsBuilder builder, Topics topics, SchemaRetriever retriever, CacheFront front, MeterRegistry meters) {
        Topic<String, QuestionAsked> source = topics.questions();
        RetrievalMeters retrievals = new RetrievalMeters(meters);
        KStream<String, Outcome<ContextRetrieved>> outcomes = builder.stream(source.name(), source.consumed())
                // Every record of one question is keyed by its id, whatever key its producer chose.
                .selectKey((key, question) -> question == null ? key : question.getId())
                .processValues(() ->
                        new Retrieval(retriever, front, source.valueSerde().serializer(), retrievals));
        DeadLetterRouting.route(outcomes, topics, meters, Stage.RETRIEVAL)
                .to(topics.contextRetrieved().name(), topics.contextRetrieved().produced());
    }

    /** Throw-away questions per database that {@link #warmUp} takes the way a record goes. */
    static final int WARM_UP_ROUNDS = 24;

    /**
     * Takes {@value #WARM_UP_ROUNDS} throw-away questions per database the way a record goes: read from the questions'
     * bytes, looked up in the answer cache, retrieved, written as its context's bytes. Each serde asks the registry
     * once, for its schema's id or a writer's schema, and builds its Avro reader or writer; the rounds after the first
     * run the same code compiled rather than interpreted (a first question after a start spent about 30 ms in the
     * probe, the context's event and its bytes when one round was taken). Done at start, a first question waits for
     * none of it.
     */
    static void warmUp(Topics topics, SchemaRetriever retriever, CacheFront front, List<String> databaseIds) {
        Topic<String, QuestionAsked> questions = topics.questions();
        Topic<String, ContextRetrieved> contexts = topics.contextRetrieved();
        for (String databaseId : databaseIds) {
            for (int round = 0; round < WARM_UP_ROUNDS; round++) {
                String id = "warm-up-" + UUID.randomUUID();
                QuestionAsked asked = QuestionAsked.newBuilder()
                        .setId(id)
                        .setCorrelationId(id)
                        .setDatabaseId(databaseId)
                        .setQuestion(
                                SchemaRetriever.WARM_UP_QUESTIONS.get(round % SchemaRetriever.WARM_UP_QUESTIONS.size()))
                        .setTimestamp(Instant.now())
                        .build();
                QuestionAsked read = questions
                        .valueSerde()
                        .deserializer()
                        .deserialize(
                                questions.name(),
                                questions.valueSerde().serializer().serialize(questions.name(), asked));
                RetrievalRequest request = ContextEvents.toRequest(read);
                front.probe(request);
                if (retriever.retrieve(request) instanceof RetrievalResult.Retrieved retrieved)
                    contexts.valueSerde()
                            .serializer()
                            .serialize(contexts.name(), ContextEvents.toEvent(read, retrieved.context()));
            }
        }
    }

    /**
     * Retrieves each question's context; a failure carries the source coordinates and the question's bytes,
     * re-serialized with the topic's serde, so that {@code dlq replay retrieval} can send it again.
     */
    private static final class Retrieval
            implements FixedKeyProcessor<String, QuestionAsked, Outcome<ContextRetrieved>> {
        private final SchemaRetriever retriever;
        private final CacheFront front;
        private final Serializer<QuestionAsked> questionBytes;
        private final RetrievalMeters meters;
        private FixedKeyProcessorContext<String, Outcome<ContextRetrieved>> context;
        private CommitPacer commits;

        Retrieval(
                SchemaRetriever retriever,
                CacheFront front,
                Serializer<QuestionAsked> questionBytes,
                RetrievalMeters meters) {
            this.retriever = retriever;
            this.front = front;
            this.questionBytes = questionBytes;
            this.meters = meters;
        }

        @Override
        public void init(FixedKeyProcessorContext<String, Outcome<ContextRetrieved>> context) {
            this.context = context;
            // A context is visible to generation only once retrieval's transaction commits.
            this.commits = new CommitPacer(context, CommitPacer.GAP);
        }

        @Override
        public void process(FixedKeyRecord<String, QuestionAsked> record) {
            context.forward(record.withValue(outcome(record)));
            commits.forwarded();
        }

        @Override
        public void close() {
            if (commits != null) commits.close();
        }

        private Outcome<ContextRetrieved> outcome(FixedKeyRecord<String, QuestionAsked> record) {
            QuestionAsked question = record.value();
            try {
                long probed = System.nanoTime();
                RetrievalRequest request = ContextEvents.toRequest(question);
                Optional<CachedAnswerHit> hit = front.probe(request);
                long start = System.nanoTime();
                meters.probed(hit.isPresent(), Duration.ofNanos(start - probed));
                if (hit.isPresent()) return Outcome.delivered(ContextEvents.toEvent(question, hit.get()));
                RetrievalResult result = retriever.retrieve(request);
                meters.record(result, Duration.ofNanos(System.nanoTime() - start));
                return result instanceof RetrievalFailure failed
                        ? Outcome.deadLettered(failure(record, failed.errorClass(), failed.message()))
                        : Outcome.delivered(
                                ContextEvents.toEvent(question, ((RetrievalResult.Retrieved) result).context()));
            } catch (StackOverflowError e) {
                // An Error passes Kafka Streams' processing exception handler by and stops the stream thread, which
                // meets the same question again after a restart. Once the stack has unwound here, it is safe to go on.
                return Outcome.deadLettered(failure(
                        record,
                        ErrorClass.PROCESSING_ERROR,
                        "StackOverflowError while retrieving the context of this question"));
            }
        }

        private FailureRecord failure(
                FixedKeyRecord<String, QuestionAsked> record, ErrorClass errorClass, String message) {
            QuestionAsked question = record.value();
            return Failures.ofRecord(
                            Stage.RETRIEVAL, errorClass, message, record, context.recordMetadata(), questionBytes)
                    .setCorrelationId(question.getCorrelationId())
                    .setContext("question " + question.getId()
                            + (question.getDatabaseId() == null
                                    ? " without a database"
                                    : " on database " + question.getDatabaseId()))
                    .build();
        }
    }
}
