package dev.schemarag.retrieval.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TokenCounterTest {
    /** Line breaks, white space of both kinds, letters, digits, quotes and symbols: what decides the pieces. */
    private static final String[] PARTS = {
        "\n",
        "\n\n",
        "\r\n",
        " ",
        "  ",
        "\t",
        "\u00a0",
        "\u2028",
        "\u3000",
        "CREATE",
        "TABLE",
        "hr",
        ".",
        "employees",
        "(",
        ");",
        ")",
        ",",
        "--",
        "-- ",
        "'s",
        "'ll",
        "'",
        "\"Order\"",
        "2026",
        "12345",
        "é",
        "Ünïcode",
        "日本語",
        "\uD83D\uDE00",
        "_id",
        "id",
        "NOT NULL",
        "<|endoftext|>",
        "=",
        "#",
        "`x`",
        "[a]",
        "{",
        "}",
        "$",
        "+1"
    };

    @Test
    void theMemoisedCountEqualsTheWholeTextsOnRandomTexts() {
        Random random = new Random(29);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int parts = random.nextInt(40);
            for (int p = 0; p < parts; p++) text.append(PARTS[random.nextInt(PARTS.length)]);
            String t = text.toString();

            assertThat(TokenCounter.count(t))
                    .as("%s", t.replace("\n", "\\n"))
                    .isEqualTo(TokenCounter.withoutMemo(() -> TokenCounter.count(t)));
        }
    }

    @Test
    void aTextOfManyLinesCountsAsItsWholeAgainAndAgain() {
        String packet = """
                -- The company's staff
                CREATE TABLE hr.employees (
                  employee_id bigint NOT NULL,
                  department_id bigint -- 12 departments
                );

                -- Join hints
                -- hr.employees.department_id = hr.departments.department_id
                -- Retrieved documentation
                --   Staff leave the company with a notice of 30 days.""";
        int whole = TokenCounter.withoutMemo(() -> TokenCounter.count(packet));

        assertThat(TokenCounter.count(packet)).isEqualTo(whole).isGreaterThan(40);
        assertThat(TokenCounter.count(packet)).isEqualTo(whole);
        assertThat(TokenCounter.count("")).isZero();
    }
}
