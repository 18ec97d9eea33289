package dev.schemarag.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The figures of {@code bench pipeline} from what one measurement saw: each question's first outcome (sent and read
 * under {@code read_committed}; an executed answer's outcome is its result or execution failure) and when it reached
 * each stage. Throughput counts outcomes, answers, results and dead letters alike, from the first question sent to the
 * last outcome read. Pure: no I/O.
 *
 * @param contextAt question id to the append time of its context-retrieved record
 * @param generatedAt question id to when the generator returned its first SQL candidate
 * @param validatedAt question id to when its answer passed validation (the answer's {@code timestamp})
 * @param executedAt question id to when its executed answer's result was made (the result's {@code timestamp})
 * @param statementMs question id to how long its result's statement ran (the result's {@code executionMs})
 */
record PipelineFigures(
        List<QuestionLedger.Outcome> outcomes,
        Map<String, Long> contextAt,
        Map<String, Long> generatedAt,
        Map<String, Long> validatedAt,
        Map<String, Long> executedAt,
        Map<String, Long> statementMs) {
    /** When a burst of DDL changes ran. */
    record Window(long fromMs, long toMs) {
        boolean contains(long ms) {
            return ms >= fromMs && ms <= toMs;
        }
    }

    PipelineFigures {
        outcomes = List.copyOf(outcomes);
        contextAt = Map.copyOf(contextAt);
        generatedAt = Map.copyOf(generatedAt);
        validatedAt = Map.copyOf(validatedAt);
        executedAt = Map.copyOf(executedAt);
        statementMs = Map.copyOf(statementMs);
    }

    /** Outcomes per second, from the first question sent to the last outcome read; 0 without outcomes. */
    double throughputPerSecond() {
        if (outcomes.isEmpty()) return 0;
        long first = outcomes.stream()
                .mapToLong(QuestionLedger.Outcome::sentAtMs)
                .min()
                .getAsLong();
        long last = outcomes.stream()
                .mapToLong(QuestionLedger.Outcome::observedAtMs)
                .max()
                .getAsLong();
        return outcomes.size() / (Math.max(1, last - first) / 1000.0);
    }

    /** Produce to outcome read, p50/p95/p99 in ms. */
    Map<String, Double> latencyMs() {
        double[] sorted = BenchReport.sorted(outcomes.stream()
                .mapToDouble(o -> o.observedAtMs() - o.sentAtMs())
                .toArray());
        return percentiles(sorted, 50, 95, 99);
    }

    /**
     * Retrieval (question sent to context appended), generation (context appended to the first SQL candidate) and
     * validation (first candidate to validated answer: checks, EXPLAIN and any repair) and execution (validated answer
     * to its result: the execution service's consuming, running the statement as the reader and making the result),
     * and of execution the statement alone (sent to its last row read); and what executing adds to the asker's wait,
     * {@code execution_added}: from the answer read to its result read, both under {@code read_committed}, so
     * generation's commit is left out and execution's included, and its two parts: until the result is made
     * ({@code execution_added_until_made}: consumed, guarded, run, rows read) and after
     * ({@code execution_added_after_made}: forwarded, committed, read). p50/p99 in ms.
     */
    Map<String, Map<String, Double>> stages() {
        Map<String, Map<String, Double>> stages = new LinkedHashMap<>();
        stages.put("retrieval", percentiles(BenchReport.sorted(retrievalMs(o -> true)), 50, 99));
        stages.put("generation", percentiles(BenchReport.sorted(between(contextAt, generatedAt)), 50, 99));
        stages.put("validation", percentiles(BenchReport.sorted(between(generatedAt, validatedAt)), 50, 99));
        stages.put("execution", percentiles(BenchReport.sorted(between(validatedAt, executedAt)), 50, 99));
        stages.put("statement", percentiles(BenchReport.sorted(of(statementMs)), 50, 99));
        stages.put("execution_added", percentiles(BenchReport.sorted(resultAfterAnswerMs()), 50, 99));
        stages.put(
                "execution_added_until_made", percentiles(BenchReport.sorted(resultMadeAfterAnswerReadMs()), 50, 99));
        stages.put("execution_added_after_made", percentiles(BenchReport.sorted(resultReadAfterMadeMs()), 50, 99));
        return stages;
    }

    /** Retrieval p99 of the questions whose outcome was read during {@code burst}; null when none was. */
    Double retrievalP99During(Window burst) {
        double[] sorted = BenchReport.sorted(retrievalMs(o -> burst.contains(o.observedAtMs())));
        return sorted.length == 0 ? null : BenchReport.percentile(sorted, 99);
    }

    long answered() {
        return outcomes.stream().filter(QuestionLedger.Outcome::answered).count();
    }

    /** Outcomes that are an executed answer's rows. */
    long results() {
        return outcomes.stream()
                .filter(o -> o.step() == QuestionLedger.Step.RESULT)
                .count();
    }

    /** Outcomes that are an executed answer's failure (a dead letter of the execution stage). */
    long executionFailures() {
        return outcomes.stream()
                .filter(o -> o.step() == QuestionLedger.Step.EXECUTION_FAILURE)
                .count();
    }

    private double[] retrievalMs(Predicate<QuestionLedger.Outcome> which) {
        return outcomes.stream()
                .filter(which)
                .filter(o -> contextAt.containsKey(o.id()))
                .mapToDouble(o -> contextAt.get(o.id()) - o.sentAtMs())
                .toArray();
    }

    private double[] between(Map<String, Long> from, Map<String, Long> to) {
        return outcomes.stream()
                .map(QuestionLedger.Outcome::id)
                .filter(id -> from.containsKey(id) && to.containsKey(id))
                .mapToDouble(id -> to.get(id) - from.get(id))
                .toArray();
    }

    private double[] resultAfterAnswerMs() {
        return outcomes.stream()
                .filter(o -> o.step() == QuestionLedger.Step.RESULT && o.answerObservedAtMs() != null)
                .mapToDouble(o -> o.observedAtMs() - o.answerObservedAtMs())
                .toArray();
    }

    /** {@code execution_added}'s first part: the answer read to its result made (consumed, run, rows read). */
    private double[] resultMadeAfterAnswerReadMs() {
        return outcomes.stream()
                .filter(o -> o.step() == QuestionLedger.Step.RESULT && o.answerObservedAtMs() != null)
                .filter(o -> executedAt.containsKey(o.id()))
                .mapToDouble(o -> executedAt.get(o.id()) - o.answerObservedAtMs())
                .toArray();
    }

    /** The rest: the result made to the result read (forwarded, execution's transaction committed, fetched). */
    private double[] resultReadAfterMadeMs() {
        return outcomes.stream()
                .filter(o -> o.step() == QuestionLedger.Step.RESULT && executedAt.containsKey(o.id()))
                .mapToDouble(o -> o.observedAtMs() - executedAt.get(o.id()))
                .toArray();
    }

    private double[] of(Map<String, Long> figure) {
        return outcomes.stream()
                .map(QuestionLedger.Outcome::id)
                .filter(figure::containsKey)
                .mapToDouble(figure::get)
                .toArray();
    }

    /** Null values when nothing was measured: JSON null, not NaN, which JSON cannot hold. */
    private static Map<String, Double> percentiles(double[] sorted, int... ps) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (int p : ps) figures.put("p" + p, sorted.length == 0 ? null : BenchReport.percentile(sorted, p));
        return figures;
    }
}
