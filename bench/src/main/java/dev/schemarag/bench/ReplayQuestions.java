package dev.schemarag.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The questions of the example-quarantine replay, made from the stored examples' own questions: distinct texts (each
 * example's question with a marker of its own, so that no two normalise to one answer-cache key), those of examples
 * that read the renamed column first, so that even a short replay asks them. The marker lets a scripted LLM answer a
 * question with its example's SQL, whose cached answer then reads what the example reads.
 */
final class ReplayQuestions {
    /** A stored example: its question, its SQL, and whether its SQL reads the column the probe renames. */
    record Example(String question, String sql, boolean readsRenamedColumn) {}

    /** A question to ask: the text sent, the marker within it that no other text contains, the example's SQL. */
    record Question(String text, String marker, String sql) {}

    private ReplayQuestions() {}

    /** {@code count} distinct questions over the examples in turn (none without examples); {@code tag} names the run. */
    static List<Question> of(List<Example> examples, int count, String tag) {
        if (examples.isEmpty()) return List.of();
        List<Example> ordered = new ArrayList<>(
                examples.stream().filter(Example::readsRenamedColumn).toList());
        examples.stream().filter(e -> !e.readsRenamedColumn()).forEach(ordered::add);
        List<Question> questions = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Example example = ordered.get(i % ordered.size());
            // The closing bracket ends the marker: "[replay t 1]" is no part of "[replay t 10]".
            String marker = "[replay " + tag + " " + i + "]";
            questions.add(new Question(example.question() + " " + marker, marker, example.sql()));
        }
        return questions;
    }
}
