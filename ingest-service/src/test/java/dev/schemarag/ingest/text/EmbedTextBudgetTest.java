package dev.schemarag.ingest.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EmbedTextBudgetTest {
    private static final String DESCRIPTION = "The acquisition channel of the session. Loaded nightly from the CRM"
            + " system by the finance pipeline. Null when the value was not captured at the time.";

    @Test
    void aDescriptionThatFitsIsKeptWhole() {
        assertThat(new EmbedTextBudget(64).fit(DESCRIPTION, 50)).isEqualTo(DESCRIPTION);
    }

    @Test
    void noBudgetKeepsEverything() {
        assertThat(EmbedTextBudget.NONE.fit(DESCRIPTION, 10_000)).isEqualTo(DESCRIPTION);
        assertThat(EmbedTextBudget.NONE.context(DESCRIPTION)).isEqualTo(DESCRIPTION);
        assertThat(EmbedTextBudget.NONE.limited()).isFalse();
    }

    @Test
    void theRestOfTheBudgetTakesWholeWordsAfterTheFirstSentence() {
        // 30 tokens = 120 characters, 40 of them taken by the rest of the text: 80 for the description
        String fitted = new EmbedTextBudget(30).fit(DESCRIPTION, 40);

        assertThat(fitted).isEqualTo("The acquisition channel of the session. Loaded nightly from the CRM system by");
        assertThat(fitted.length()).isLessThanOrEqualTo(80);
    }

    @Test
    void theFirstSentenceStaysWhenTheRestOfTheTextLeavesNoRoom() {
        assertThat(new EmbedTextBudget(30).fit(DESCRIPTION, 500)).isEqualTo("The acquisition channel of the session.");
    }

    @Test
    void aFirstSentenceLongerThanTheWholeBudgetIsCutAtAWord() {
        String oneSentence = "word ".repeat(100).strip();

        assertThat(new EmbedTextBudget(10).fit(oneSentence, 500))
                .hasSizeLessThanOrEqualTo(40)
                .endsWith("word");
        assertThat(new EmbedTextBudget(10).context(oneSentence)).hasSizeLessThanOrEqualTo(40);
    }

    @Test
    void contextIsTheFirstSentence() {
        assertThat(new EmbedTextBudget(64).context(DESCRIPTION)).isEqualTo("The acquisition channel of the session.");
        assertThat(new EmbedTextBudget(64).context("No period at the end")).isEqualTo("No period at the end");
    }

    @Test
    void anAbbreviationBeforeALowerCaseWordDoesNotEndTheFirstSentence() {
        // The JDK's sentence rule: before a capital, "e.g." would end it.
        assertThat(EmbedTextBudget.firstSentence("Amounts in e.g. dollars or euros are converted. Nightly."))
                .isEqualTo("Amounts in e.g. dollars or euros are converted.");
    }

    @Test
    void aNegativeBudgetIsRejected() {
        assertThatThrownBy(() -> new EmbedTextBudget(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
