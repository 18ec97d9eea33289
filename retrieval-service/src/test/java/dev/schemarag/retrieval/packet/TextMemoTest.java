package dev.schemarag.retrieval.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextMemoTest {
    private final List<String> tokenised = new ArrayList<>();

    private TextMemo<Integer> counts(long maxChars) {
        return new TextMemo<>(maxChars, text -> {
            tokenised.add(text);
            return text.length();
        });
    }

    @Test
    void aTextIsTokenisedOnceWhileItIsKept() {
        TextMemo<Integer> counts = counts(100);

        assertThat(counts.get("CREATE TABLE a ();")).isEqualTo(18);
        assertThat(counts.get(new String("CREATE TABLE a ();"))).isEqualTo(18);

        assertThat(tokenised).containsExactly("CREATE TABLE a ();");
    }

    @Test
    void theKeptCharactersStayWithinTheBoundLeastRecentlyUsedFirstOut() {
        TextMemo<Integer> counts = counts(30);
        counts.get("a".repeat(10));
        counts.get("b".repeat(10));
        counts.get("c".repeat(10));
        counts.get("a".repeat(10)); // used again: now the most recent

        counts.get("d".repeat(10)); // 40 characters: the least recently used goes, which is "b"
        tokenised.clear();
        counts.get("a".repeat(10));
        counts.get("b".repeat(10));

        assertThat(counts.chars()).isLessThanOrEqualTo(30);
        assertThat(tokenised).containsExactly("b".repeat(10));
    }

    @Test
    void aTextLongerThanTheBoundIsCountedButNotKept() {
        TextMemo<Integer> counts = counts(5);

        assertThat(counts.get("abcdefgh")).isEqualTo(8);
        assertThat(counts.get("abcdefgh")).isEqualTo(8);

        assertThat(tokenised).hasSize(2);
        assertThat(counts.size()).isZero();
        assertThat(counts.chars()).isZero();
    }
}
