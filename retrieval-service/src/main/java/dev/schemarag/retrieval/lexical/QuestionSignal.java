package dev.schemarag.retrieval.lexical;

import java.util.Arrays;
import java.util.Locale;

/** Whether a question carries enough words to retrieve on: "show all" does not, "late invoices" does. */
public final class QuestionSignal {
    private QuestionSignal() {}

    /** Distinct words that are neither stop words nor question phrasing, nor single characters. */
    public static int contentWords(String question) {
        if (question == null) return 0;
        return (int) Arrays.stream(question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+"))
                .filter(word -> word.length() > 1)
                .filter(word -> !IdentifierAnalyzer.QUESTION_STOP_WORDS.contains(word))
                .distinct()
                .count();
    }
}
