package dev.schemarag.bench;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a benchmark sent and what came out of the pipeline, and the figures that follow: answered, dead-lettered by
 * class, lost, duplicated, malformed events in the right dead-letter topic with their bytes, the recovery time of
 * each fault, and each question's first outcome for latencies. A question whose answer is to be executed is done only
 * when its result (or its execution's failure) came: that is its outcome, and it must come exactly once. Pure and
 * thread-safe: the producer and the output reader record into it.
 */
final class QuestionLedger {
    /** A question the broker acknowledged, with the time it was handed to the producer. */
    record Sent(ChaosQuestions.Question question, long sentAtMs) {}

    /** What an output record is, in the order a question's outputs come. */
    enum Step {
        /** A validated answer that is not executed: the question's outcome. */
        ANSWER,
        /** A validated answer with {@code execute}: its result or execution failure is still to come. */
        EXECUTED_ANSWER,
        /** A dead letter of any stage before execution: the question's outcome. */
        DEAD_LETTER,
        /** The rows of an executed answer: the question's outcome. */
        RESULT,
        /** A dead letter of the execution stage: the question's outcome. */
        EXECUTION_FAILURE;

        /** Whether the record ends the question's way through the pipeline. */
        boolean last() {
            return this != EXECUTED_ANSWER;
        }

        /** Whether the record is of the execution stage. */
        boolean execution() {
            return this == RESULT || this == EXECUTION_FAILURE;
        }
    }

    /**
     * One record read from an output topic: {@code deadLetter} null for an answer or a result; {@code errorClass} and
     * {@code originalValue} are those of the dead-letter record.
     */
    record Output(
            String id,
            DeadLetterTopic deadLetter,
            String errorClass,
            byte[] originalValue,
            long observedAtMs,
            Step step) {
        /** An answer that is not executed, or a dead letter before execution. */
        Output(String id, DeadLetterTopic deadLetter, String errorClass, byte[] originalValue, long observedAtMs) {
            this(
                    id,
                    deadLetter,
                    errorClass,
                    originalValue,
                    observedAtMs,
                    deadLetter == null ? Step.ANSWER : Step.DEAD_LETTER);
        }

        /** A validated answer, executed or not. */
        boolean answer() {
            return step == Step.ANSWER || step == Step.EXECUTED_ANSWER;
        }

        /** What the asker wanted: an answer that is not executed, or an executed answer's rows. */
        boolean success() {
            return step == Step.ANSWER || step == Step.RESULT;
        }
    }

    /**
     * A sent question's outcome, its first last output ({@link Step#last}): when it was sent, when the outcome was
     * read, whether the question got a validated answer, and the outcome's step; for an executed answer's outcome also
     * when the answer itself was read ({@code answerObservedAtMs}, else null).
     */
    record Outcome(String id, long sentAtMs, long observedAtMs, boolean answered, Step step, Long answerObservedAtMs) {
        Outcome(String id, long sentAtMs, long observedAtMs, boolean answered, Step step) {
            this(id, sentAtMs, observedAtMs, answered, step, null);
        }

        /** An outcome of a question whose answer is not executed: an answer or a dead letter. */
        Outcome(String id, long sentAtMs, long observedAtMs, boolean answered) {
            this(id, sentAtMs, observedAtMs, answered, answered ? Step.ANSWER : Step.DEAD_LETTER);
        }
    }

    /** A fault, from the moment it was injected; {@code healedAtMs} when its cause was removed. */
    record FaultWindow(String name, long injectedAtMs, long healedAtMs) {}

    private final Map<String, Sent> sent = new LinkedHashMap<>();
    private final Map<String, List<Output>> outputs = new HashMap<>();
    private int sendFailures;

    synchronized void sent(ChaosQuestions.Question question, long sentAtMs) {
        sent.put(question.id(), new Sent(question, sentAtMs));
    }

    synchronized void sendFailed() {
        sendFailures++;
    }

    /** Outputs may arrive before the acknowledgement of their question: they are matched when figures are made. */
    synchronized void output(Output output) {
        outputs.computeIfAbsent(output.id(), id -> new ArrayList<>()).add(output);
    }

    synchronized int sentCount() {
        return sent.size();
    }

    /**
     * Sent questions that have no outcome yet: no output, or an answer to be executed without its result or failure.
     */
    synchronized int pending() {
        return (int) sent.keySet().stream()
                .filter(id -> !done(outputs.getOrDefault(id, List.of())))
                .count();
    }

    /** Whether the outputs hold an outcome: each output before execution is one, unless its execution is to follow. */
    private static boolean done(List<Output> out) {
        if (out.stream().anyMatch(o -> o.step().execution())) return true;
        return out.stream().anyMatch(o -> o.step().last())
                && out.stream().noneMatch(o -> o.step() == Step.EXECUTED_ANSWER);
    }

    /** The first outcome of every sent question that has one, in the order they were sent. */
    synchronized List<Outcome> firstOutcomes() {
        List<Outcome> firsts = new ArrayList<>();
        for (Sent s : sent.values()) {
            List<Output> out = outputs.getOrDefault(s.question().id(), List.of());
            if (!done(out)) continue;
            Long answerObservedAtMs = out.stream()
                    .filter(o -> o.step() == Step.EXECUTED_ANSWER)
                    .map(Output::observedAtMs)
                    .min(Long::compare)
                    .orElse(null);
            boolean executed = answerObservedAtMs != null;
            boolean answered = out.stream().anyMatch(Output::answer);
            out.stream()
                    .filter(o -> executed ? o.step().execution() : o.step().last())
                    .min(Comparator.comparingLong(Output::observedAtMs))
                    .ifPresent(o -> firsts.add(new Outcome(
                            o.id(), s.sentAtMs(), o.observedAtMs(), answered, o.step(), answerObservedAtMs)));
        }
        return firsts;
    }

    /**
     * When the first answer that is not executed, or the first result, came to a question sent at or after
     * {@code sinceMs}, if one did.
     */
    synchronized Long firstAnswerToQuestionSentSince(long sinceMs) {
        Long first = null;
        for (Sent s : sent.values()) {
            if (s.sentAtMs() < sinceMs) continue;
            for (Output o : outputs.getOrDefault(s.question().id(), List.of()))
                if (o.success() && (first == null || o.observedAtMs() < first)) first = o.observedAtMs();
        }
        return first;
    }

    /** The figures of the report, in its order; recovery is null for a fault nothing recovered from. */
    synchronized Map<String, Object> figures(List<FaultWindow> faults) {
        Map<String, Object> figures = new LinkedHashMap<>();
        int answered = 0;
        int executed = 0;
        int results = 0;
        int executionFailed = 0;
        List<String> lost = new ArrayList<>();
        List<String> duplicated = new ArrayList<>();
        List<String> resultsLost = new ArrayList<>();
        List<String> resultsDuplicated = new ArrayList<>();
        Map<String, Integer> deadLettered = new TreeMap<>();
        Map<String, int[]> malformedByKind = new LinkedHashMap<>();
        int validFiledAsMalformed = 0;
        for (Sent s : sent.values()) {
            ChaosQuestions.Question q = s.question();
            List<Output> out = outputs.getOrDefault(q.id(), List.of());
            List<Output> beforeExecution =
                    out.stream().filter(o -> !o.step().execution()).toList();
            List<Output> execution =
                    out.stream().filter(o -> o.step().execution()).toList();
            boolean toExecute = beforeExecution.stream().anyMatch(o -> o.step() == Step.EXECUTED_ANSWER);
            if (toExecute) {
                executed++;
                if (execution.isEmpty()) resultsLost.add(q.id());
                if (execution.size() > 1) resultsDuplicated.add(q.id());
            }
            if (execution.stream().anyMatch(o -> o.step() == Step.RESULT)) results++;
            else if (!execution.isEmpty()) executionFailed++;
            if (!done(out)) lost.add(q.id());
            if (beforeExecution.size() > 1 || execution.size() > 1) duplicated.add(q.id());
            if (out.stream().anyMatch(Output::answer)) answered++;
            out.stream()
                    .filter(o -> o.deadLetter() != null)
                    .map(Output::errorClass)
                    .distinct()
                    .forEach(c -> deadLettered.merge(c, 1, Integer::sum));
            if (q.kind().malformed()) {
                int[] counts =
                        malformedByKind.computeIfAbsent(q.kind().name().toLowerCase(Locale.ROOT), k -> new int[2]);
                counts[0]++;
                if (out.stream().anyMatch(o -> inRightDeadLetter(q, o))) counts[1]++;
            } else if (out.stream()
                    .anyMatch(o -> ErrorClass.MALFORMED_EVENT.wireName().equals(o.errorClass()))) {
                validFiledAsMalformed++;
            }
        }
        int malformed = malformedByKind.values().stream().mapToInt(c -> c[0]).sum();
        int malformedRight =
                malformedByKind.values().stream().mapToInt(c -> c[1]).sum();
        figures.put("sent", sent.size());
        figures.put("send_failures", sendFailures);
        figures.put("answered", answered);
        figures.put("dead_lettered", deadLettered);
        figures.put("executed", executed);
        figures.put("results", results);
        figures.put("execution_failed", executionFailed);
        figures.put("lost", lost.size());
        figures.put("duplicated", duplicated.size());
        figures.put("results_lost", resultsLost.size());
        figures.put("results_duplicated", resultsDuplicated.size());
        figures.put("malformed_sent", malformed);
        figures.put("malformed_in_right_dlq", malformed == 0 ? 1.0 : malformedRight / (double) malformed);
        Map<String, String> byKind = new LinkedHashMap<>();
        malformedByKind.forEach((kind, c) -> byKind.put(kind, c[1] + "/" + c[0]));
        figures.put("malformed_in_right_dlq_by_kind", byKind);
        figures.put("valid_filed_as_malformed", validFiledAsMalformed);
        figures.put("recovery_s", recoveries(faults));
        Map<String, Double> windows = new LinkedHashMap<>();
        faults.forEach(f -> windows.put(f.name(), (f.healedAtMs() - f.injectedAtMs()) / 1000.0));
        figures.put("fault_window_s", windows);
        figures.put("lost_ids", lost.stream().limit(20).toList());
        figures.put("duplicated_ids", duplicated.stream().limit(20).toList());
        return figures;
    }

    private static boolean inRightDeadLetter(ChaosQuestions.Question q, Output o) {
        return o.deadLetter() == q.kind().expectedTopic()
                && q.kind().expectedClass().wireName().equals(o.errorClass())
                && Arrays.equals(q.bytes(), o.originalValue());
    }

    private Map<String, Double> recoveries(List<FaultWindow> faults) {
        Map<String, Double> recovery = new LinkedHashMap<>();
        for (FaultWindow fault : faults) {
            Long first = firstAnswerToQuestionSentSince(fault.injectedAtMs());
            recovery.put(fault.name(), first == null ? null : (first - fault.injectedAtMs()) / 1000.0);
        }
        return recovery;
    }
}
