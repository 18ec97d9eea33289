package dev.schemarag.core.questions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionTextTest {

    @Test
    void caseWhiteSpaceAndTrailingPunctuationDoNotMakeAnotherQuestion() {
        String asked = QuestionText.normalised("How many employees   are in each\tdepartment?");

        assertThat(asked).isEqualTo("how many employees are in each department");
        assertThat(QuestionText.normalised("  how many EMPLOYEES are in each department ?! "))
                .isEqualTo(asked);
        assertThat(QuestionText.normalised("How many employees are in each department."))
                .isEqualTo(asked);
        assertThat(QuestionText.normalised("How many employees are in each department？"))
                .isEqualTo(asked);
    }

    @Test
    void aQuotedLiteralKeepsItsCaseBecausePostgresComparesItExactly() {
        assertThat(QuestionText.normalised("Orders with status 'Shipped'?"))
                .isEqualTo("orders with status 'Shipped'")
                .isNotEqualTo(QuestionText.normalised("Orders with status 'shipped'?"));
        assertThat(QuestionText.normalised("Customers named \"De Vries\" in Utrecht"))
                .isEqualTo("customers named \"De Vries\" in utrecht");
    }

    @Test
    void anApostropheWithinAWordOpensNoQuote() {
        assertThat(QuestionText.normalised("What is each Employee's Salary?"))
                .isEqualTo("what is each employee's salary");
        assertThat(QuestionText.normalised("Orders of 'O'Brien' in March"))
                .isEqualTo("orders of 'O'Brien' in march")
                .isNotEqualTo(QuestionText.normalised("Orders of 'O'brien' in March"));
    }

    @Test
    void punctuationWithinTheQuestionStays() {
        assertThat(QuestionText.normalised("Revenue in 2023, by region?")).isEqualTo("revenue in 2023, by region");
        assertThat(QuestionText.normalised("Revenue in 2023 by region"))
                .isNotEqualTo(QuestionText.normalised("Revenue in 2024 by region"));
    }

    @Test
    void theHashCoversTheEvidenceWithItsCase() {
        String plain = QuestionText.hash("Top customers?", null);

        assertThat(QuestionText.hash("top customers", "")).isEqualTo(plain);
        assertThat(QuestionText.hash("top customers", "top means revenue > 1000"))
                .isNotEqualTo(plain);
        assertThat(QuestionText.hash("top customers", "region = 'EU'"))
                .isNotEqualTo(QuestionText.hash("top customers", "region = 'eu'"))
                .isEqualTo(QuestionText.hash("top customers", "  region =  'EU' "));
        assertThat(plain).hasSize(64).matches("[0-9a-f]+");
    }
}
