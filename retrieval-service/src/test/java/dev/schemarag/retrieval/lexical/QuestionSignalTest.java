package dev.schemarag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionSignalTest {

    @Test
    void phrasingAndStopWordsAreNotContent() {
        assertThat(QuestionSignal.contentWords("Show me all of them?")).isZero();
    }

    @Test
    void distinctContentWordsAreCounted() {
        assertThat(QuestionSignal.contentWords("How many late invoices, late ones?"))
                .isEqualTo(3);
    }

    @Test
    void identifiersCountAsOneWord() {
        assertThat(QuestionSignal.contentWords("list employee_id")).isEqualTo(1);
    }

    @Test
    void nullHasNoContent() {
        assertThat(QuestionSignal.contentWords(null)).isZero();
    }
}
