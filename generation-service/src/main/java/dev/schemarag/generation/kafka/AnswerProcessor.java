package dev.schemarag.generation.kafka;

import dev.schemarag.avro.SchemaRegistryUnavailableException;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.answer.PipelineFailure;
import dev.schemarag.generation.answer.PipelineResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers ContextRetrieved events without holding the stream thread: {@link #process} only puts the question into a
 * changelogged store (keyed by question id) and hands it to the {@link AnswerWorkers}; a wall-clock punctuation
 * forwards each finished run as an answer or as the {@link FailureRecord} for its class's dead-letter topic, and
 * deletes the question from the store in the same step, then hands over the questions still waiting, in arrival
 * order. Under
 * exactly-once the store, the input offsets and the outputs commit together: a question is taken from the input only
 * once it is in the store and leaves the store only with its outcome, so a crash loses nothing and forwards nothing
 * twice. A run still going when the task closes is cancelled and its result dropped: the task's next owner restores
 * the store and runs the question again. A later record with the id of a waiting question replaces it. The punctuation
 * runs only while the task has questions: Kafka Streams commits a task after every punctuation, so an idle task that
 * punctuated would open and commit an exactly-once transaction every commit interval for nothing.
 */
final class AnswerProcessor implements Processor<String, ContextRetrieved, String, RoutedResult> {
    static final String STORE = "generation-pending-questions";
    private static final Logger log = LoggerFactory.getLogger(AnswerProcessor.class);

    private final AnswerPipeline pipeline;
    private final Serde<ContextRetrieved> events;
    private final OutcomeMeters outcomes;
    private final AnswerWorkers workers;
    private final Duration punctuateInterval;
    /** Runs handed over and not yet forwarded, by question id; stream thread only. */
    private final Map<String, Run> running = new HashMap<>();
    /** Runs that ended, from the worker threads to the stream thread. */
    private final Queue<Run> ended = new ConcurrentLinkedQueue<>();
    /** Ids of the stored questions not handed over yet, in arrival order; stream thread only. */
    private final Set<String> waiting = new LinkedHashSet<>();

    private ProcessorContext<String, RoutedResult> context;
    private KeyValueStore<String, BufferedQuestion> pending;
    /** The scheduled punctuation while questions are waiting or running, else null; stream thread only. */
    private Cancellable punctuation;

    private volatile boolean closed;

    AnswerProcessor(
            AnswerPipeline pipeline,
            Serde<ContextRetrieved> events,
            OutcomeMeters outcomes,
            AnswerWorkers workers,
            Duration punctuateInterval) {
        this.pipeline = pipeline;
        this.events = events;
        this.outcomes = outcomes;
        this.workers = workers;
        this.punctuateInterval = punctuateInterval;
    }

    @Override
    public void init(ProcessorContext<String, RoutedResult> context) {
        this.context = context;
        this.pending = context.getStateStore(STORE);
        // Init follows the store's restoration: what a previous owner left unanswered goes first, in its order.
        List<KeyValue<String, BufferedQuestion>> restored = new ArrayList<>();
        try (KeyValueIterator<String, BufferedQuestion> all = pending.all()) {
            all.forEachRemaining(restored::add);
        }
        restored.sort(Comparator.comparingLong(entry -> entry.value.offset()));
        restored.forEach(entry -> waiting.add(entry.key));
        if (!waiting.isEmpty()) punctuateWhileBusy();
    }

    @Override
    public void process(Record<String, ContextRetrieved> record) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        String id = record.value().getQuestion().getId();
        BufferedQuestion question = new BufferedQuestion(
                source.topic(),
                source.partition(),
                source.offset(),
                record.timestamp(),
                record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8),
                events.serializer().serialize(source.topic(), record.value()));
        pending.put(id, question);
        waiting.add(id);
        handOverWaiting();
        punctuateWhileBusy();
    }

    private void punctuateWhileBusy() {
        if (punctuation == null)
            punctuation = context.schedule(punctuateInterval, PunctuationType.WALL_CLOCK_TIME, now -> punctuate());
    }

    private void punctuate() {
        forwardEnded();
        handOverWaiting();
        if (punctuation != null && running.isEmpty() && waiting.isEmpty()) {
            punctuation.cancel();
            punctuation = null;
        }
    }

    private void forwardEnded() {
        for (Run run = ended.poll(); run != null; run = ended.poll()) {
            if (running.get(run.questionId) != run) continue;
            running.remove(run.questionId);
            BufferedQuestion question = pending.get(run.questionId);
            // Replaced by a later record with the same id while running: that one runs next instead.
            if (question == null || question.offset() != run.offset) continue;
            if (run.outcome instanceof Outcome.Died died) {
                log.error("a pipeline run died, stopping the stream: questionId={}", run.questionId, died.error());
                throw died.error();
            }
            PipelineResult result = ((Outcome.Finished) run.outcome).result();
            outcomes.record(result);
            forward(question, routed(question, run.event, result));
            pending.delete(run.questionId);
        }
    }

    private void handOverWaiting() {
        Iterator<String> ids = waiting.iterator();
        while (running.size() < workers.concurrency() && ids.hasNext()) {
            String id = ids.next();
            // A record that replaced a running question waits for that run to end.
            if (running.containsKey(id)) continue;
            ids.remove();
            BufferedQuestion question = pending.get(id);
            if (question == null) continue;
            ContextRetrieved event;
            try {
                event = events.deserializer().deserialize(question.topic(), question.value());
            } catch (RuntimeException e) {
                // The task fails, and its next incarnation finds the question in the store again.
                if (registryUnavailable(e)) throw e;
                deadLetterUnreadable(id, question, e);
                continue;
            }
            handOver(id, question, event);
        }
    }

    private void handOver(String id, BufferedQuestion question, ContextRetrieved event) {
        Run run = new Run(id, question.offset(), event);
        running.put(id, run);
        run.future = workers.submit(() -> {
            run.outcome = outcome(run.event);
            if (!closed) ended.add(run);
        });
    }

    private Outcome outcome(ContextRetrieved event) {
        try {
            return new Outcome.Finished(pipeline.answer(event));
        } catch (RuntimeException | StackOverflowError e) {
            // Once the stack has unwound here it is safe to go on; the question is dead-lettered, not retried forever.
            log.warn(
                    "pipeline run threw: questionId={} error={}",
                    event.getQuestion().getId(),
                    e.getClass().getSimpleName());
            return new Outcome.Finished(new PipelineResult.Failed(
                    List.of(),
                    new PipelineFailure(
                            ErrorClass.PROCESSING_ERROR, null, Failures.describe(e) + " in the answer pipeline", 0)));
        } catch (Error e) {
            return new Outcome.Died(e);
        }
    }

    private void deadLetterUnreadable(String id, BufferedQuestion question, RuntimeException e) {
        FailureRecord failure = failure(question, Stage.GENERATION, ErrorClass.MALFORMED_EVENT, Failures.describe(e))
                .build();
        forward(question, new RoutedResult.DeadLetter(List.of(), failure));
        pending.delete(id);
    }

    private void forward(BufferedQuestion question, RoutedResult routed) {
        String key = question.key() == null ? null : new String(question.key(), StandardCharsets.UTF_8);
        context.forward(new Record<>(key, routed, question.timestamp()));
    }

    private static RoutedResult routed(BufferedQuestion question, ContextRetrieved event, PipelineResult result) {
        if (result instanceof PipelineResult.Answered answered)
            return new RoutedResult.Answer(answered.candidates(), answered.answer());
        PipelineResult.Failed failed = (PipelineResult.Failed) result;
        PipelineFailure failure = failed.failure();
        // No candidate at all means generation failed; otherwise validation gave up on the last one.
        Stage stage = failure.attempts() == 0 ? Stage.GENERATION : Stage.VALIDATION;
        FailureRecord failureRecord = failure(question, stage, failure.errorClass(), failure.message())
                .setSqlstate(failure.sqlState())
                .setAttempt(Math.max(1, failure.attempts()))
                .setCorrelationId(event.getQuestion().getCorrelationId())
                .setContext(event.getContextPacket())
                .build();
        return new RoutedResult.DeadLetter(failed.candidates(), failureRecord);
    }

    private static FailureRecord.Builder failure(
            BufferedQuestion question, Stage stage, ErrorClass errorClass, String message) {
        return Failures.failure(
                stage,
                errorClass,
                message,
                question.topic(),
                question.partition(),
                question.offset(),
                question.key(),
                question.value());
    }

    private static boolean registryUnavailable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause())
            if (e instanceof SchemaRegistryUnavailableException) return true;
        return false;
    }

    /** Drops the runs still going: their questions stay in the store for the task's next owner. */
    @Override
    public void close() {
        closed = true;
        if (punctuation != null) punctuation.cancel();
        punctuation = null;
        running.values().forEach(run -> run.future.cancel(true));
        running.clear();
        ended.clear();
        waiting.clear();
    }

    /** One pipeline run of one buffered record. */
    private static final class Run {
        final String questionId;
        final long offset;
        final ContextRetrieved event;
        /** Set on the stream thread right after the hand-over; read only by close, on the same thread. */
        Future<?> future;
        /** Written by the worker before the run joins {@link #ended}, which publishes it to the stream thread. */
        volatile Outcome outcome;

        Run(String questionId, long offset, ContextRetrieved event) {
            this.questionId = questionId;
            this.offset = offset;
            this.event = event;
        }
    }

    private sealed interface Outcome {
        record Finished(PipelineResult result) implements Outcome {}

        /** An Error other than a stack overflow: the process is in no state to go on. */
        record Died(Error error) implements Outcome {}
    }
}
