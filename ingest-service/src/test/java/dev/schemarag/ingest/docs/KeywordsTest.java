package dev.schemarag.ingest.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeywordsTest {
    @Test
    void mostFrequentFirstThenReadingOrderWithoutStopWordsOrShortWords() {
        String text = "SELECT hire_date FROM employees WHERE hire_date > now(); the employees of HR by hire_date";

        assertThat(Keywords.top(text, 10)).containsExactly("hire_date", "employees");
    }

    @Test
    void theLimitCapsTheList() {
        assertThat(Keywords.top("alpha beta gamma delta", 2)).containsExactly("alpha", "beta");
    }
}
