package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ResourceExhaustionCorpusTest {

    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    static Stream<ResourceExhaustionCorpus.Entry> entries() throws IOException {
        return ResourceExhaustionCorpus.entries().stream();
    }

    /** Each entry as marked: refused by the guard itself, or let through to EXPLAIN and its statement_timeout. */
    @ParameterizedTest
    @MethodSource("entries")
    void givenCorpusEntry_whenChecked_thenTheGuardDecidesAsMarked(ResourceExhaustionCorpus.Entry entry) {
        SafetyVerdict verdict = guard.check(entry.sql());
        assertThat(verdict.blocked())
                .as(entry.family() + ": " + verdict.reason() + " :: " + entry.sql())
                .isEqualTo(entry.guardRefuses());
    }

    @Test
    void corpusHoldsSixtyStatementsOverEveryFamily() throws IOException {
        Map<String, Long> byFamily = ResourceExhaustionCorpus.entries().stream()
                .collect(Collectors.groupingBy(ResourceExhaustionCorpus.Entry::family, Collectors.counting()));

        assertThat(byFamily.values().stream().mapToLong(Long::longValue).sum()).isGreaterThanOrEqualTo(60);
        assertThat(byFamily)
                .containsOnlyKeys(
                        "cte-doubling",
                        "derived-table-doubling",
                        "join-chain",
                        "set-operations",
                        "cte-count",
                        "query-depth",
                        "quoted-type",
                        "jsonpath",
                        "regex");
    }
}
