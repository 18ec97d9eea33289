package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.answer.Events;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.validation.SchemaColumns;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The processor's hand-over and its task's end, with generation's work, driven by hand: the punctuation is called directly, so that a test
 * can run it after the task closed, when Kafka Streams itself no longer would.
 */
class BufferedProcessorTest {
    private static final Duration PUNCTUATE_INTERVAL = Duration.ofMillis(10);

    private final GatedGenerator generator = new GatedGenerator();
    private final StageWorkers workers = new StageWorkers("test", 2);
    /** The context's wall clock, which the commit pacer reads. */
    private long clock = 1_000_000;

    private final Topic<String, ContextRetrieved> source =
            new Topics("answer-processor-test.", new InMemorySchemaRegistry()).contextRetrieved();
    private MockProcessorContext<String, RoutedResult> context;
    private KeyValueStore<String, BufferedRecord> store;
    private final AtomicInteger explains = new AtomicInteger();
    private TargetDatabases planner;
    private AnswerPipeline pipeline;
    private BufferedProcessor<ContextRetrieved, RoutedResult> processor;

    @BeforeEach
    void init() {
        planner = new TargetDatabases() {
            @Override
            public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
                explains.incrementAndGet();
                return new ExplainResult.Planned("Aggregate");
            }

            @Override
            public boolean admits(String databaseId, Asker asker) {
                return true;
            }

            @Override
            public boolean executes(String databaseId) {
                return false;
            }

            @Override
            public SchemaColumns columns(String databaseId, List<String> tables) {
                return SchemaColumns.of(Map.of("public.employees", List.of("employee_id")));
            }
        };
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(clock);
        store = Stores.keyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore(AnswerWork.STORE), Serdes.String(), BufferedRecord.SERDE)
                .withLoggingDisabled()
                .build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        pipeline = new AnswerPipeline(generator, planner, (id, db, question, sql, vector) -> {}, 3);
        processor = processor(workers);
        processor.init(context);
    }

    private BufferedProcessor<ContextRetrieved, RoutedResult> processor(StageWorkers on) {
        return processor(pipeline, on);
    }

    /** A processor that never waits for a run: its results go out at a punctuation only. */
    private BufferedProcessor<ContextRetrieved, RoutedResult> processor(AnswerPipeline answering, StageWorkers on) {
        return processor(answering, on, Duration.ZERO);
    }

    private BufferedProcessor<ContextRetrieved, RoutedResult> processor(
            AnswerPipeline answering, StageWorkers on, Duration quickRun) {
        return new BufferedProcessor<>(
                AnswerWork.STORE,
                new AnswerWork(answering, new OutcomeMeters(new SimpleMeterRegistry())),
                source.valueSerde(),
                on,
                PUNCTUATE_INTERVAL,
                quickRun);
    }

    @AfterEach
    void close() {
        workers.close();
    }

    private void ask(String id, String question, long offset) {
        context.setRecordMetadata(source.name(), 3, offset);
        processor.process(new Record<>(
                id, Events.context(id, "erp", question, "CREATE TABLE public.employees (employee_id bigint);"), 42L));
    }

    /**
     * The latest punctuation, as Kafka Streams would run it a second after the last; the processor cancels it whenever
     * the task is idle.
     */
    private void punctuate() {
        clock += 1_000;
        context.setCurrentSystemTimeMs(clock);
        latestPunctuation().getPunctuator().punctuate(clock);
    }

    /** The processor's own, not a punctuation its {@link dev.schemarag.core.kafka.CommitPacer} scheduled. */
    private MockProcessorContext.CapturedPunctuator latestPunctuation() {
        List<MockProcessorContext.CapturedPunctuator> all = context.scheduledPunctuators().stream()
                .filter(p -> p.getInterval().equals(PUNCTUATE_INTERVAL))
                .toList();
        return all.get(all.size() - 1);
    }

    @Test
    void anIdleTaskPunctuatesOnlyWhileItHasQuestions() {
        assertThat(context.scheduledPunctuators()).isEmpty();

        ask("q0", "Count employees", 6);
        assertThat(latestPunctuation().cancelled()).isFalse();
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
            punctuate();
            return !context.forwarded().isEmpty();
        });

        assertThat(latestPunctuation().cancelled()).isTrue();
        ask("q1", "Count employees again", 7);
        assertThat(context.scheduledPunctuators()).hasSize(2);
        assertThat(latestPunctuation().cancelled()).isFalse();
    }

    @Test
    void onceMostRunsAreQuickProcessForwardsARunThatEndsWhileItWaitsAndNeverStoresItsRecord() {
        List<String> written = new ArrayList<>();
        store = writesRecordedIn(store, written);
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(clock);
        context.addStateStore(store);
        processor = processor(pipeline, workers, Duration.ofSeconds(30));
        processor.init(context);
        ask("q1", "Count employees", 7); // the first run: nothing is usual yet, so it is stored
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
            punctuate();
            return context.forwarded().size() == 1;
        });
        written.clear();

        ask("q2", "Count employees again", 8);

        assertThat(context.forwarded())
                .as("forwarded by process, with no punctuation in between")
                .hasSize(2);
        assertThat(context.forwarded().get(1).record().key()).isEqualTo("q2");
        assertThat(written).as("writes to the store for q2").isEmpty();
    }

    /** {@code store}, with the key of every put and delete added to {@code written}. */
    @SuppressWarnings("unchecked")
    private static KeyValueStore<String, BufferedRecord> writesRecordedIn(
            KeyValueStore<String, BufferedRecord> store, List<String> written) {
        return (KeyValueStore<String, BufferedRecord>) Proxy.newProxyInstance(
                KeyValueStore.class.getClassLoader(), new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    if (Set.of("put", "delete", "putIfAbsent").contains(method.getName()))
                        written.add((String) args[0]);
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void theAnswerKeepsTheRecordsKeyAndTimestampAndLeavesTheStoreInTheSameStep() {
        ask("q1", "Count employees", 7);
        assertThat(store.get("q1").offset()).isEqualTo(7);

        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
            punctuate();
            return !context.forwarded().isEmpty();
        });

        Record<? extends String, ? extends RoutedResult> forwarded =
                context.forwarded().get(0).record();
        assertThat(forwarded.key()).isEqualTo("q1");
        assertThat(forwarded.timestamp()).isEqualTo(42L);
        assertThat(forwarded.value()).isInstanceOf(RoutedResult.Answer.class);
        assertThat(store.get("q1")).isNull();
        punctuate();
        assertThat(context.forwarded()).hasSize(1);
    }

    @Test
    void aForwardedAnswerAsksForACommitAtOnceWhileBufferingAQuestionDoesNot() {
        generator.hold("Count employees");
        ask("q5", "Count employees", 12);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> generator.underWay() == 1);
        punctuate();
        assertThat(context.committed()).as("nothing forwarded yet").isFalse();

        generator.release("Count employees");
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
            punctuate();
            return !context.forwarded().isEmpty();
        });

        assertThat(context.committed())
                .as("the answer's transaction is to commit now")
                .isTrue();
    }

    @Test
    void aClosedTaskCancelsItsRunsForwardsNothingAndKeepsItsQuestionsForTheNextOwner() {
        generator.hold("Count employees");
        ask("q2", "Count employees", 8);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> generator.underWay() == 1);

        processor.close();

        Awaitility.await("the run interrupted")
                .atMost(Duration.ofSeconds(10))
                .until(() -> generator.interrupted() == 1);
        generator.release("Count employees");
        punctuate();
        assertThat(context.forwarded()).isEmpty();
        assertThat(context.committed()).isFalse();
        assertThat(store.get("q2")).isNotNull();
    }

    @Test
    void aRecordReplacingARunningQuestionIsTheOneAnsweredAndOnlyOnce() {
        generator.hold("Count employees");
        ask("q3", "Count employees", 9);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> generator.underWay() == 1);
        ask("q3", "Count employees again", 10);
        generator.release("Count employees");

        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
            punctuate();
            return store.get("q3") == null;
        });
        for (int i = 0; i < 5; i++) punctuate();

        assertThat(context.forwarded()).hasSize(1);
        RoutedResult.Answer answer =
                (RoutedResult.Answer) context.forwarded().get(0).record().value();
        assertThat(answer.answer().getQuestion()).isEqualTo("Count employees again");
        assertThat(generator.calls()).isEqualTo(2);
    }

    @Test
    void anErrorInARunStopsTheStreamLoudlyAndKeepsTheQuestion() {
        ask("q4", "Out of memory, please", 11);

        Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThatThrownBy(this::punctuate)
                .isInstanceOf(OutOfMemoryError.class));

        assertThat(context.forwarded()).isEmpty();
        assertThat(store.get("q4")).isNotNull();
    }

    @Test
    void questionsAPreviousOwnerLeftInTheStoreRunInTheirArrivalOrder() {
        for (String[] q : new String[][] {{"zz", "Count employees zz", "5"}, {"aa", "Count employees aa", "6"}}) {
            ContextRetrieved event = Events.context(q[0], "erp", q[1], "CREATE TABLE public.employees (id bigint);");
            store.put(
                    q[0],
                    new BufferedRecord(
                            source.name(),
                            3,
                            Long.parseLong(q[2]),
                            0L,
                            null,
                            source.valueSerde().serializer().serialize(source.name(), event)));
        }
        processor.close();
        try (StageWorkers one = new StageWorkers("test", 1)) {
            BufferedProcessor<ContextRetrieved, RoutedResult> next = processor(one);
            next.init(context);

            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
                punctuate();
                return store.approximateNumEntries() == 0;
            });

            assertThat(generator.asked()).containsExactly("Count employees zz", "Count employees aa");
            assertThat(context.forwarded())
                    .extracting(forward -> forward.record().key())
                    .containsExactly(null, null);
        }
    }

    /** The generation processor on one worker thread, whose questions wait for an {@link AwaitedGenerator}. */
    private BufferedProcessor<ContextRetrieved, RoutedResult> awaiting(AwaitedGenerator model, StageWorkers oneThread) {
        processor.close();
        BufferedProcessor<ContextRetrieved, RoutedResult> awaiting =
                processor(new AnswerPipeline(model, planner, (id, db, question, sql, vector) -> {}, 3), oneThread);
        awaiting.init(context);
        processor = awaiting;
        return awaiting;
    }

    @Test
    void questionsWaitingForTheModelHoldNoThreadAndAtMostMaxInFlightAreInTheWork() {
        AwaitedGenerator model = new AwaitedGenerator();
        try (StageWorkers oneThread = new StageWorkers("test", 1, 8)) {
            awaiting(model, oneThread);
            for (int i = 0; i < 10; i++) ask("q" + i, "Count employees " + i, 20 + i);

            Awaitility.await("eight calls under way on one thread")
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> model.pending() == 8);
            punctuate();
            assertThat(model.pending()).as("the other two wait in the store").isEqualTo(8);
            assertThat(store.approximateNumEntries()).isEqualTo(10);

            model.answerAll(GatedGenerator.COUNT_SQL);
            Awaitility.await("the two that waited handed over as the first answers are forwarded")
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> {
                        punctuate();
                        return model.pending() == 2;
                    });
            model.answerAll(GatedGenerator.COUNT_SQL);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
                punctuate();
                return store.approximateNumEntries() == 0;
            });

            assertThat(context.forwarded()).hasSize(10).allSatisfy(forward -> assertThat(
                            forward.record().value())
                    .isInstanceOf(RoutedResult.Answer.class));
            assertThat(explains).hasValue(10);
        }
    }

    @Test
    void aTaskClosedDuringAModelCallDropsTheRunAndRefusesItsNextStep() {
        AwaitedGenerator model = new AwaitedGenerator();
        try (StageWorkers oneThread = new StageWorkers("test", 1, 8)) {
            BufferedProcessor<ContextRetrieved, RoutedResult> awaiting = awaiting(model, oneThread);
            ask("q7", "Count employees", 30);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> model.pending() == 1);

            awaiting.close();
            model.answerAll(GatedGenerator.COUNT_SQL);
            punctuate();

            assertThat(explains).as("the candidate's check was refused").hasValue(0);
            assertThat(context.forwarded()).isEmpty();
            assertThat(store.get("q7")).isNotNull();
        }
    }

    @Test
    void aModelCallThatFailsDeadLettersItsQuestionAndAnErrorStopsTheStream() {
        AwaitedGenerator model = new AwaitedGenerator();
        try (StageWorkers oneThread = new StageWorkers("test", 1, 8)) {
            awaiting(model, oneThread);
            ask("q8", "Count employees", 31);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> model.pending() == 1);
            model.failAll(new IllegalStateException("scripted"));
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
                punctuate();
                return !context.forwarded().isEmpty();
            });
            RoutedResult.DeadLetter dead = (RoutedResult.DeadLetter)
                    context.forwarded().get(0).record().value();
            assertThat(dead.failure().getErrorClass()).isEqualTo("processing_error");
            assertThat(store.get("q8")).isNull();

            ask("q9", "Count employees", 32);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> model.pending() == 1);
            model.failAll(new OutOfMemoryError("scripted"));
            Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThatThrownBy(this::punctuate)
                    .isInstanceOf(OutOfMemoryError.class));
            assertThat(store.get("q9")).isNotNull();
        }
    }

    @Test
    void theInFlightLimitIsTheProcesssOverAllItsTasks() {
        AwaitedGenerator model = new AwaitedGenerator();
        try (StageWorkers oneThread = new StageWorkers("test", 1, 8)) {
            awaiting(model, oneThread);
            MockProcessorContext<String, RoutedResult> otherContext = new MockProcessorContext<>();
            KeyValueStore<String, BufferedRecord> otherStore = Stores.keyValueStoreBuilder(
                            Stores.inMemoryKeyValueStore(AnswerWork.STORE), Serdes.String(), BufferedRecord.SERDE)
                    .withLoggingDisabled()
                    .build();
            otherStore.init(otherContext.getStateStoreContext(), otherStore);
            otherContext.addStateStore(otherStore);
            BufferedProcessor<ContextRetrieved, RoutedResult> otherTask =
                    processor(new AnswerPipeline(model, planner, (id, db, question, sql, vector) -> {}, 3), oneThread);
            otherTask.init(otherContext);

            for (int i = 0; i < 6; i++) {
                ask("a" + i, "Count employees a" + i, 40 + i);
                otherContext.setRecordMetadata(source.name(), 4, 40 + i);
                otherTask.process(new Record<>(
                        "b" + i,
                        Events.context(
                                "b" + i,
                                "erp",
                                "Count employees b" + i,
                                "CREATE TABLE public.employees (employee_id bigint);"),
                        42L));
            }

            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> model.pending() == 8);
            punctuate();
            assertThat(model.pending())
                    .as("4 of the 12 questions wait in their task's store")
                    .isEqualTo(8);
            otherTask.close();
        }
    }
}
