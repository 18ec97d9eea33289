package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
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
    void parsesOneAfterAnotherOnPooledThreads() {
        Set<Thread> before = parserThreads();
        for (int i = 0; i < 50; i++) ParsedStatement.parse("SELECT " + i + " FROM customers");
        Set<Thread> after = parserThreads();

        // JSqlParser alone starts and stops a thread of its own, named otherwise, for each parse.
        assertThat(after).as("the pool's threads").isNotEmpty();
        after.removeAll(before);
        // A parse can end before its thread is back in the pool, so the next may start another: a few, not 50.
        assertThat(after).as("threads started for 50 parses one after another").hasSizeLessThan(25);
    }

    private static Set<Thread> parserThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("schemarag-sql-parser"))
                .collect(Collectors.toCollection(HashSet::new));
    }
}
