package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlQuotingTest {

    @Test
    void identifiersAreAlwaysQuotedWithEmbeddedQuotesDoubled() {
        assertThat(SqlQuoting.identifier("billing")).isEqualTo("\"billing\"");
        assertThat(SqlQuoting.identifier("user")).isEqualTo("\"user\"");
        assertThat(SqlQuoting.identifier("Reader \"X\"")).isEqualTo("\"Reader \"\"X\"\"\"");
    }

    @Test
    void literalsDoubleTheirQuotes() {
        assertThat(SqlQuoting.literal("it's")).isEqualTo("'it''s'");
    }
}
