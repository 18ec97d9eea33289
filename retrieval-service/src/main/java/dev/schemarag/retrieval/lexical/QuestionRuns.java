package dev.schemarag.retrieval.lexical;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Runs of two and three consecutive words of a question, which an identifier may write as one word: "high schoolers"
 * as {@code highschooler}, "head of state" as {@code headofstate}.
 */
final class QuestionRuns {
    private static final int LONGEST = 3;

    private QuestionRuns() {}

    static List<List<String>> of(String question) {
        List<String> words = Arrays.stream(question.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(word -> !word.isEmpty())
                .toList();
        List<List<String>> runs = new ArrayList<>();
        for (int length = 2; length <= LONGEST; length++)
            for (int start = 0; start + length <= words.size(); start++) runs.add(words.subList(start, start + length));
        return runs;
    }
}
