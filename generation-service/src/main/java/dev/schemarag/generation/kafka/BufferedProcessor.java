package dev.schemarag.generation.kafka;

import dev.schemarag.avro.SchemaRegistryUnavailableException;
import dev.schemarag.core.kafka.CommitPacer;
import dev.schemarag.generation.AsyncResults;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
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
 * Runs work on records without holding the stream thread: {@link #process} only puts the record into a changelogged
 * store (keyed by its {@link BufferedWork#id id}) and hands it to the {@link StageWorkers} while they have a place for
 * it (at most their {@code maxInFlight} records of the process at once, over all its tasks): a run's blocking steps
 * take the workers' threads, its asynchronous waits (model calls) none, so the records in the work may far outnumber
 * the threads, and the others wait in the store. A wall-clock punctuation forwards each finished run's result, and
 * deletes the record from the store in the same step, then hands over the records still waiting, in arrival order.
 * Under exactly-once the store, the input offsets and the outputs commit together: a record is taken from the input
 * only once it is in the store and leaves the store only with its result, so a crash loses nothing and forwards
 * nothing twice. A run still going when the task closes is cancelled (its step under way interrupted, its later steps
 * refused, see {@link RunSteps}) and its result dropped: the task's next owner restores the store and runs the record
 * again. A later record with the id of a waiting one replaces it. The punctuation runs only while the task has
 * records: Kafka Streams commits a task after every punctuation, so an idle task that punctuated would open and commit
 * an exactly-once transaction every commit interval for nothing. A forward asks for a commit through a {@link
 * CommitPacer}: under exactly-once a {@code read_committed} reader sees an output only once its transaction commits,
 * so a finished record would otherwise wait for {@code commit.interval.ms}; the first after a quiet spell commits at
 * the end of the loop iteration, those of a busy stretch share one commit per gap. While most of the stage's runs end
 * within {@link #QUICK_RUN} (execution's small statements, generation's cache hits), {@code process} waits that long for a record that starts
 * at once and forwards its result itself, and such a record never enters the store: its result and its input offset
 * commit together as any synchronous processor's would, without two changelog writes and the wait for the next poll
 * and punctuation; one that takes longer is stored before {@code process} returns and goes the way above. Generation
 * answers questions with it, execution runs answers.
 */
final class BufferedProcessor<E, R> implements Processor<String, E, String, R> {
    /**
     * The longest {@link #process} waits for a run it started, and only while most runs take no longer: a slow
     * stage (model calls) never holds its stream thread for them.
     */
    static final Duration QUICK_RUN = Duration.ofMillis(10);

    private static final Logger log = LoggerFactory.getLogger(BufferedProcessor.class);

    private final String storeName;
    private final BufferedWork<E, R> work;
    private final Serde<E> events;
    private final StageWorkers workers;
    private final Duration punctuateInterval;
    private final Duration quickRun;
    private final QuickRuns quickRuns;
    /** Runs handed over and not yet forwarded, by id; stream thread only. */
    private final Map<String, Run<E, R>> running = new HashMap<>();
    /** Runs that ended, from the threads that ended them to the stream thread. */
    private final Queue<Run<E, R>> ended = new ConcurrentLinkedQueue<>();
    /** Ids of the stored records not handed over yet, in arrival order; stream thread only. */
    private final Set<String> waiting = new LinkedHashSet<>();

    private ProcessorContext<String, R> context;
    private CommitPacer commits;
    private KeyValueStore<String, BufferedRecord> pending;
    /** The scheduled punctuation while records are waiting or running, else null; stream thread only. */
    private Cancellable punctuation;

    private volatile boolean closed;

    /**
     * @param storeName the changelogged store of {@link BufferedRecord}s this processor keeps its records in
     * @param quickRun the longest {@link #process} waits for a run it started while most runs end within it
     *     ({@link #QUICK_RUN}; zero: never)
     */
    BufferedProcessor(
            String storeName,
            BufferedWork<E, R> work,
            Serde<E> events,
            StageWorkers workers,
            Duration punctuateInterval,
            Duration quickRun) {
        this.storeName = storeName;
        this.work = work;
        this.events = events;
        this.workers = workers;
        this.punctuateInterval = punctuateInterval;
        this.quickRun = quickRun;
        this.quickRuns = new QuickRuns(quickRun);
    }

    @Override
    public void init(ProcessorContext<String, R> context) {
        this.context = context;
        this.commits = new CommitPacer(context, CommitPacer.GAP);
        this.pending = context.getStateStore(storeName);
        // Init follows the store's restoration: what a previous owner left unanswered goes first, in its order.
        List<KeyValue<String, BufferedRecord>> restored = new ArrayList<>();
        try (KeyValueIterator<String, BufferedRecord> all = pending.all()) {
            all.forEachRemaining(restored::add);
        }
        restored.sort(Comparator.comparingLong(entry -> entry.value.offset()));
        restored.forEach(entry -> waiting.add(entry.key));
        if (!waiting.isEmpty()) punctuateWhileBusy();
    }

    @Override
    public void process(Record<String, E> record) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        String id = work.id(record.value());
        BufferedRecord buffered = new BufferedRecord(
                source.topic(),
                source.partition(),
                source.offset(),
                record.timestamp(),
                record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8),
                events.serializer().serialize(source.topic(), record.value()));
        // With none ahead of it, the record starts from the event in hand: reading it back from the store would
        // deserialize the whole context again.
        if (waiting.isEmpty() && !running.containsKey(id) && workers.tryStart()) {
            boolean quick = !quickRun.isZero() && quickRuns.usual();
            Run<E, R> run = handOver(id, buffered, record.value());
            if (quick && endedWithin(run, quickRun)) {
                forwardQuick(run, buffered);
                return;
            }
            pending.put(id, buffered);
        } else {
            pending.put(id, buffered);
            waiting.add(id);
            handOverWaiting();
        }
        punctuateWhileBusy();
    }

    /** Whether the run ended within {@code atMost}: it has joined {@link #ended} then. */
    private static boolean endedWithin(Run<?, ?> run, Duration atMost) {
        try {
            run.joined.get(atMost.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Forwards the result of a run that ended while {@code process} waited; its record was never stored. */
    private void forwardQuick(Run<E, R> run, BufferedRecord buffered) {
        running.remove(run.id);
        ended.remove(run);
        forwardOutcome(run, buffered);
    }

    /** Forwards a finished run's result; a run that died stops the stream. */
    private void forwardOutcome(Run<E, R> run, BufferedRecord buffered) {
        if (run.outcome instanceof Outcome.Died<R> died) {
            log.error("a run died, stopping the stream: id={}", run.id, died.error());
            throw died.error();
        }
        R result = ((Outcome.Finished<R>) run.outcome).result();
        work.forwarded(result);
        forward(buffered, result);
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
        for (Run<E, R> run = ended.poll(); run != null; run = ended.poll()) {
            if (running.get(run.id) != run) continue;
            running.remove(run.id);
            BufferedRecord buffered = pending.get(run.id);
            // Replaced by a later record with the same id while running: that one runs next instead.
            if (buffered == null || buffered.offset() != run.offset) continue;
            forwardOutcome(run, buffered);
            pending.delete(run.id);
        }
    }

    private void handOverWaiting() {
        Iterator<String> ids = waiting.iterator();
        while (ids.hasNext()) {
            String id = ids.next();
            // A record that replaced a running one waits for that run to end.
            if (running.containsKey(id)) continue;
            BufferedRecord buffered = pending.get(id);
            if (buffered == null) {
                ids.remove();
                continue;
            }
            E event;
            try {
                event = events.deserializer().deserialize(buffered.topic(), buffered.value());
            } catch (RuntimeException e) {
                // The task fails, and its next incarnation finds the record in the store again.
                if (registryUnavailable(e)) throw e;
                ids.remove();
                forward(buffered, work.unreadable(buffered, e));
                pending.delete(id);
                continue;
            }
            // The process's records in the work are at the limit: this one waits for the next punctuation.
            if (!workers.tryStart()) return;
            ids.remove();
            handOver(id, buffered, event);
        }
    }

    private Run<E, R> handOver(String id, BufferedRecord buffered, E event) {
        Run<E, R> run = new Run<>(id, buffered, event, workers);
        running.put(id, run);
        long started = System.nanoTime();
        run.joined = CompletableFuture.supplyAsync(() -> work.start(run.event, run.source, run.steps), run.steps)
                .thenCompose(Function.identity())
                .whenComplete((result, error) -> {
                    quickRuns.ran(Duration.ofNanos(System.nanoTime() - started));
                    run.release();
                    run.outcome = error == null ? new Outcome.Finished<>(result) : outcome(run, error);
                    if (!closed) ended.add(run);
                });
        return run;
    }

    private Outcome<R> outcome(Run<E, R> run, Throwable error) {
        Throwable cause = AsyncResults.cause(error);
        if (cause instanceof Error fatal && !(cause instanceof StackOverflowError)) return new Outcome.Died<>(fatal);
        // Once the stack has unwound here it is safe to go on; the record is dead-lettered, not run forever.
        log.warn("a run threw: id={} error={}", run.id, cause.getClass().getSimpleName());
        return new Outcome.Finished<>(work.threw(run.event, run.source, cause));
    }

    private void forward(BufferedRecord buffered, R result) {
        String key = buffered.key() == null ? null : new String(buffered.key(), StandardCharsets.UTF_8);
        context.forward(new Record<>(key, result, buffered.timestamp()));
        commits.forwarded();
    }

    private static boolean registryUnavailable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause())
            if (e instanceof SchemaRegistryUnavailableException) return true;
        return false;
    }

    /** Drops the runs still going: their records stay in the store for the task's next owner. */
    @Override
    public void close() {
        closed = true;
        if (commits != null) commits.close();
        if (punctuation != null) punctuation.cancel();
        punctuation = null;
        running.values().forEach(run -> {
            run.steps.cancel();
            // Its place goes to the process's other records now; a model call under way ends within its timeout.
            run.release();
        });
        running.clear();
        ended.clear();
        waiting.clear();
    }

    /** One run of one buffered record. */
    private static final class Run<E, R> {
        final String id;
        final long offset;
        final BufferedRecord source;
        final E event;
        final RunSteps steps;
        private final StageWorkers workers;
        private final AtomicBoolean released = new AtomicBoolean();
        /** Written by the thread that ended the run before it joins {@link #ended}, which publishes it. */
        volatile Outcome<R> outcome;
        /** Completes once the run has joined {@link #ended} (or ended after its task closed). */
        CompletableFuture<?> joined;

        /** A run that took one of the {@code workers}' places in the work ({@link StageWorkers#tryStart}). */
        Run(String id, BufferedRecord source, E event, StageWorkers workers) {
            this.id = id;
            this.offset = source.offset();
            this.source = source;
            this.event = event;
            this.workers = workers;
            this.steps = workers.steps();
        }

        /** Gives its place back, once: when it ends or its task closes, whichever comes first. */
        void release() {
            if (released.compareAndSet(false, true)) workers.ended();
        }
    }

    private sealed interface Outcome<R> {
        record Finished<R>(R result) implements Outcome<R> {}

        /** An Error other than a stack overflow: the process is in no state to go on. */
        record Died<R>(Error error) implements Outcome<R> {}
    }
}
