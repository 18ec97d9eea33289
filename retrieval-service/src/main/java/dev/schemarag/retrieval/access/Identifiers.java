package dev.schemarag.retrieval.access;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The identifiers a text names, compared the way an unquoted SQL name is: case-insensitively, word by word. */
final class Identifiers {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_$]+");

    private Identifiers() {}

    /** Whether {@code text} names any of {@code names} (lower case) as a whole word. */
    static boolean mentions(String text, Set<String> names) {
        if (text == null || names.isEmpty()) return false;
        Matcher words = WORD.matcher(text);
        while (words.find()) if (names.contains(words.group().toLowerCase(Locale.ROOT))) return true;
        return false;
    }

    /** The words of the texts (null ones skipped), lower case: to test for many names at once, or again later. */
    static Set<String> words(String... texts) {
        Set<String> words = new HashSet<>();
        for (String text : texts) {
            if (text == null) continue;
            Matcher found = WORD.matcher(text);
            while (found.find()) words.add(found.group().toLowerCase(Locale.ROOT));
        }
        return words;
    }

    /** Whether any of {@code words} ({@link #words}) is one of {@code names} (lower case). */
    static boolean anyOf(Set<String> words, Set<String> names) {
        Set<String> fewer = words.size() <= names.size() ? words : names;
        Set<String> more = fewer == words ? names : words;
        for (String word : fewer) if (more.contains(word)) return true;
        return false;
    }

    /** {@code text} without the words that are any of {@code names} (lower case). */
    static String without(String text, Set<String> names) {
        if (text == null || names.isEmpty()) return text;
        Matcher words = WORD.matcher(text);
        StringBuilder kept = new StringBuilder(text.length());
        while (words.find())
            words.appendReplacement(
                    kept,
                    names.contains(words.group().toLowerCase(Locale.ROOT))
                            ? ""
                            : Matcher.quoteReplacement(words.group()));
        words.appendTail(kept);
        return kept.toString();
    }
}
