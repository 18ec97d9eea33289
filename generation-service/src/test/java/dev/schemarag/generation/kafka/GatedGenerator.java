package dev.schemarag.generation.kafka;

import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The LLM boundary for the asynchronous answer path: a question whose text starts with "Count employees" is answered
 * with a count, "Drop everything" with a DROP, "Overflow" throws a StackOverflowError, "Out of memory" an
 * OutOfMemoryError, anything else has no SQL. A question that was {@link #hold held} answers only once
 * {@link #release released}, on the worker thread that asked; the calls under way at once are counted.
 */
final class GatedGenerator implements SqlGenerator {
    static final String COUNT_SQL = "SELECT count(*) FROM public.employees e";

    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final AtomicInteger underWay = new AtomicInteger();
    private final AtomicInteger mostUnderWay = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger interrupted = new AtomicInteger();
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private final List<Optional<QuestionVector>> questionVectors = new CopyOnWriteArrayList<>();

    void hold(String question) {
        gates.put(question, new CountDownLatch(1));
    }

    void release(String question) {
        gates.get(question).countDown();
    }

    int mostUnderWay() {
        return mostUnderWay.get();
    }

    int underWay() {
        return underWay.get();
    }

    int calls() {
        return calls.get();
    }

    /** The questions asked, in the order the calls began. */
    List<String> asked() {
        return List.copyOf(asked);
    }

    /** The question embedding each call's request carried. */
    List<Optional<QuestionVector>> questionVectors() {
        return List.copyOf(questionVectors);
    }

    /** Held calls that ended by an interrupt (a cancelled run) instead of a release. */
    int interrupted() {
        return interrupted.get();
    }

    @Override
    public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
        calls.incrementAndGet();
        asked.add(request.question());
        questionVectors.add(request.questionVector());
        mostUnderWay.accumulateAndGet(underWay.incrementAndGet(), Math::max);
        try {
            CountDownLatch gate = gates.get(request.question());
            if (gate != null && !gate.await(30, TimeUnit.SECONDS))
                return GenerationOutcome.unavailable("the test never released the question");
            return answer(request.question());
        } catch (InterruptedException e) {
            interrupted.incrementAndGet();
            Thread.currentThread().interrupt();
            return GenerationOutcome.unavailable("interrupted");
        } finally {
            underWay.decrementAndGet();
        }
    }

    private static GenerationOutcome answer(String question) {
        if (question.startsWith("Overflow")) throw new StackOverflowError();
        if (question.startsWith("Out of memory")) throw new OutOfMemoryError("scripted");
        if (question.startsWith("Count employees")) return sql(COUNT_SQL);
        if (question.startsWith("Drop everything")) return sql("DROP TABLE public.employees");
        return GenerationOutcome.unavailable("no LLM configured");
    }

    private static GenerationOutcome sql(String sql) {
        return GenerationOutcome.generated(new GeneratedSql(sql, "", 0.9, List.of(), List.of(), "llm"));
    }
}
