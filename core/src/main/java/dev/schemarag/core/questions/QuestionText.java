package dev.schemarag.core.questions;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * When two questions are the same question for the answer cache (its lookup in generation and its probe in retrieval): equal once normalised. Unicode compatibility forms
 * are folded (NFKC), runs of white space become one space, trailing sentence punctuation goes ("…?", "…." and
 * "…!" ask the same), and letters are lower-cased, except inside quotes: {@code status 'Shipped'} and {@code status 'shipped'} are
 * different literals to PostgreSQL, so a quoted span keeps its case (an apostrophe within a word, as in
 * {@code employee's} or {@code 'O'Brien'}, neither opens nor closes one). Pure.
 */
public final class QuestionText {
    private static final Pattern SPACES = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern TRAILING_PUNCTUATION =
            Pattern.compile("[\\s.?!;:,…。？！；：，]+$", Pattern.UNICODE_CHARACTER_CLASS);

    private QuestionText() {}

    /** The question as the cache compares it. */
    public static String normalised(String question) {
        String text = SPACES.matcher(Normalizer.normalize(question, Normalizer.Form.NFKC))
                .replaceAll(" ")
                .strip();
        StringBuilder out = new StringBuilder(text.length());
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            // An apostrophe between letters or digits (employee's, 'O'Brien') neither opens nor closes a quote.
            boolean opens = ch == '"' || (ch == '\'' && !wordBefore(text, i));
            boolean closes = ch == '"' || (ch == '\'' && !wordAfter(text, i));
            if (quote == 0 && opens) quote = ch;
            else if (ch == quote && closes) quote = 0;
            out.append(quote == 0 ? Character.toLowerCase(ch) : ch);
        }
        return TRAILING_PUNCTUATION.matcher(out).replaceAll("");
    }

    private static boolean wordBefore(String text, int i) {
        return i > 0 && Character.isLetterOrDigit(text.charAt(i - 1));
    }

    private static boolean wordAfter(String text, int i) {
        return i + 1 < text.length() && Character.isLetterOrDigit(text.charAt(i + 1));
    }

    /** Evidence compared as written but for white space: it often holds literals and formulas, whose case matters. */
    public static String normalisedEvidence(String evidence) {
        return evidence == null
                ? ""
                : SPACES.matcher(Normalizer.normalize(evidence, Normalizer.Form.NFKC))
                        .replaceAll(" ")
                        .strip();
    }

    /** The SHA-256 of the normalised question and evidence, in hex: the question's part of an entry's key. */
    public static String hash(String question, String evidence) {
        return sha256("question:" + normalised(question) + "\nevidence:" + normalisedEvidence(evidence));
    }

    public static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
