package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ParsedStatementTest {
    @Test
    void parsesAStatementOrSaysWhyNot() {
        assertThat(ParsedStatement.parse("SELECT name FROM customers WHERE id = 1")
                        .parsed())
                .isTrue();
        ParsedStatement broken = ParsedStatement.parse("SELECT FROM WHERE");
        assertThat(broken.parsed()).isFalse();
        assertThat(broken.error()).isNotBlank();
    }

    @Test
    void parsesOneAfterAnotherOnOnePooledThread() {
        for (int i = 0; i < 50; i++) ParsedStatement.parse("SELECT " + i + " FROM customers");
        // JSqlParser alone would start and stop a thread of its own for each of them.
        long parserThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("schemarag-sql-parser"))
                .count();
        assertThat(parserThreads).isBetween(1L, 2L);
    }
}
