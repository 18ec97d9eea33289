package dev.schemarag.retrieval.packet;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.function.Supplier;

/**
 * Counts tokens with cl100k_base, the encoding of the GPT-4 family, as a model-neutral measure of packet size.
 *
 * <p>Packets are made of the same pieces question after question (table renderings, join hints, documentation
 * lines), so a text is counted as the sum of its segments, each remembered by its text ({@link TextMemo}, bounded):
 * a packet costs a few hash lookups instead of a tokenisation. The sum is exact, not an estimate: a segment ends
 * after a line feed followed by a visible ASCII character, and cl100k's pre-tokeniser never puts a line feed and a
 * following non-space character in one piece (its pieces are a word with at most one leading non-letter that is no
 * line break, up to three digits, punctuation with trailing line breaks, or white space), and it splits each piece
 * on its own, looking ahead only within white space.
 */
public final class TokenCounter {
    private static final Encoding CL100K = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    /** About 8 MB of remembered text: every table of a few large catalogs in both forms, with room to spare. */
    private static final long MEMO_CHARS = 4_000_000;

    private static final TextMemo<Integer> MEMO = new TextMemo<>(MEMO_CHARS, TokenCounter::tokenise);
    private static final ThreadLocal<Boolean> BYPASS = ThreadLocal.withInitial(() -> false);

    private TokenCounter() {}

    /** Special-token markers in the text are counted as plain text, never interpreted. */
    public static int count(String text) {
        if (BYPASS.get()) return tokenise(text);
        int sum = 0;
        int start = 0;
        for (int i = 1; i < text.length(); i++) {
            if (text.charAt(i - 1) == '\n' && startsPiece(text.charAt(i))) {
                sum += MEMO.get(text.substring(start, i));
                start = i;
            }
        }
        return sum + MEMO.get(start == 0 ? text : text.substring(start));
    }

    /**
     * Runs {@code work} with every count on this thread tokenising its whole text, as before the memo: what the
     * memo's counts are checked against.
     */
    public static <T> T withoutMemo(Supplier<T> work) {
        BYPASS.set(true);
        try {
            return work.get();
        } finally {
            BYPASS.remove();
        }
    }

    /** A visible ASCII character: never white space to the pre-tokeniser, whose idea of it is Unicode's. */
    private static boolean startsPiece(char c) {
        return c > ' ' && c < 0x7f;
    }

    private static int tokenise(String text) {
        return CL100K.countTokensOrdinary(text);
    }
}
