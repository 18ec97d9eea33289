package dev.schemarag.ingest.text;

import java.text.BreakIterator;
import java.util.Locale;

/**
 * How much of its descriptions a column's embedding text keeps: a per-entity token budget ({@link TokenEstimate}).
 * Names, types, keys and synonyms are always embedded; a description keeps its first sentence (cut only when that
 * sentence alone exceeds the budget) and then as many of its following words as the rest of the budget holds; the
 * table description a column repeats as context keeps its first sentence, and more when there is room. The encoder's
 * cost grows with every token, and a catalog comment's first sentence says what the thing is, where the rest
 * (lineage, caveats, usage) seldom matches a question. Lexical search and the generator still read the full stored
 * text: only the vector sees the cut. Tables are not budgeted: a catalog has ten or more columns for each.
 */
public final class EmbedTextBudget {
    public static final int DEFAULT_MAX_TOKENS = 64;
    /** No budget: the embedded text is the stored text. */
    public static final EmbedTextBudget NONE = new EmbedTextBudget(0);

    private static final int CHARS_PER_TOKEN = 4; // TokenEstimate's ratio

    private final int maxChars;

    /** @param maxTokens the budget per entity; 0 means none */
    public EmbedTextBudget(int maxTokens) {
        if (maxTokens < 0) throw new IllegalArgumentException("maxTokens must not be negative, was " + maxTokens);
        this.maxChars = maxTokens * CHARS_PER_TOKEN;
    }

    public boolean limited() {
        return maxChars > 0;
    }

    /**
     * {@code description} cut so that a text of {@code otherChars} characters plus it stays within the budget, but
     * never below its first sentence (itself at most the whole budget).
     */
    public String fit(String description, int otherChars) {
        if (!limited() || otherChars + description.length() <= maxChars) return description;
        int room = Math.max(
                maxChars - otherChars, Math.min(firstSentence(description).length(), maxChars));
        return words(description, room);
    }

    /** A description shown as another entity's context: its first sentence, within the budget. */
    public String context(String description) {
        if (!limited()) return description;
        return words(firstSentence(description), maxChars);
    }

    /** The first sentence of a one-line text, its trailing white space dropped. */
    static String firstSentence(String text) {
        BreakIterator sentences = BreakIterator.getSentenceInstance(Locale.ROOT);
        sentences.setText(text);
        int end = sentences.next();
        return end == BreakIterator.DONE ? text : text.substring(0, end).stripTrailing();
    }

    /** The longest prefix of whole words of {@code text} within {@code room} characters; a first word over it, cut. */
    private static String words(String text, int room) {
        if (text.length() <= room) return text;
        int cut = text.lastIndexOf(' ', room);
        return (cut <= 0 ? text.substring(0, room) : text.substring(0, cut)).stripTrailing();
    }
}
