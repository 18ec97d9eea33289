package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogQuestionsTest {
    private static final List<CatalogQuestions.Table> CATALOG = List.of(
            new CatalogQuestions.Table("order_items", List.of("quantity", "unit_price", "order_id")),
            new CatalogQuestions.Table("employees", List.of("last_name", "hire_date")));

    @Test
    void questionsAreDistinctAndSpreadOverTheTables() {
        List<String> questions = CatalogQuestions.take(CATALOG, 4);

        assertThat(questions)
                .containsExactly(
                        "How many order items are there?",
                        "How many employees are there?",
                        "List the quantity of every order items.",
                        "List the last name of every employees.");
    }

    @Test
    void everyQuestionTheCatalogGivesIsDistinct() {
        // 2 tables: 1 count + 6 templates x columns + column pairs each = (1 + 18 + 3) + (1 + 12 + 1)
        List<String> all = CatalogQuestions.take(CATALOG, 36);

        assertThat(new HashSet<>(all)).hasSize(36);
        assertThat(all).contains("Show the quantity and unit price of each order items.");
    }

    @Test
    void askingForMoreThanTheCatalogGivesFails() {
        assertThatThrownBy(() -> CatalogQuestions.take(CATALOG, 37))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only 36 distinct questions");
    }
}
