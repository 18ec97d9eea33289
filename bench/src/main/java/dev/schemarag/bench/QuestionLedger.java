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
 * each fault, and each question's first outcome for latencies. Pure and thread-safe: the producer and the output
 * reader record into it.
 */
final class QuestionLedger {
    /** A question the broker acknowledged, with the time it was handed to the producer. */
    record Sent(ChaosQuestions.Question question, long sentAtMs) {}

    /**
     * One record read from an output topic: {@code deadLetter} null for an answer; {@code errorClass} and
     * {@code originalValue} are those of the dead-letter record.
     */
    record Output(String id, DeadLetterTopic deadLetter, String errorClass, byte[] originalValue, long observedAtMs) {
        boolean answer() {
            return deadLetter == null;
        }
    }

    /** A sent question's first output: when it was sent, when the output was read, and whether it was an answer. */
    record Outcome(String id, long sentAtMs, long observedAtMs, boolean answered) {}

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

    /** Sent questions that have no output yet. */
    synchronized int pending() {
        return (int)
                sent.keySet().stream().filter(id -> !outputs.containsKey(id)).count();
    }

    /** The first outcome of every sent question that has one, in the order they were sent. */
    synchronized List<Outcome> firstOutcomes() {
        List<Outcome> firsts = new ArrayList<>();
        for (Sent s : sent.values())
            outputs.getOrDefault(s.question().id(), List.of()).stream()
                    .min(Comparator.comparingLong(Output::observedAtMs))
                    .ifPresent(o -> firsts.add(new Outcome(o.id(), s.sentAtMs(), o.observedAtMs(), o.answer())));
        return firsts;
    }

    /** When the first answer came to a question sent at or after {@code sinceMs}, if one did. */
    synchronized Long firstAnswerToQuestionSentSince(long sinceMs) {
        Long first = null;
        for (Sent s : sent.values()) {
            if (s.sentAtMs() < sinceMs) continue;
            for (Output o : outputs.getOrDefault(s.question().id(), List.of()))
                if (o.answer() && (first == null || o.observedAtMs() < first)) first = o.observedAtMs();
        }
        return first;
    }

    /** The figures of the report, in its order; recovery is null for a fault nothing recovered from. */
    synchronized Map<String, Object> figures(List<FaultWindow> faults) {
        Map<String, Object> figures = new LinkedHashMap<>();
        int answered = 0;
        List<String> lost = new ArrayList<>();
        List<String> duplicated = new ArrayList<>();
        Map<String, Integer> deadLettered = new TreeMap<>();
        Map<String, int[]> malformedByKind = new LinkedHashMap<>();
        int validFiledAsMalformed = 0;
        for (Sent s : sent.values()) {
            ChaosQuestions.Question q = s.question();
            List<Output> out = outputs.getOrDefault(q.id(), List.of());
            if (out.isEmpty()) lost.add(q.id());
            if (out.size() > 1) duplicated.add(q.id());
            if (out.stream().anyMatch(Output::answer)) answered++;
            out.stream()
                    .filter(o -> !o.answer())
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
        figures.put("lost", lost.size());
        figures.put("duplicated", duplicated.size());
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
