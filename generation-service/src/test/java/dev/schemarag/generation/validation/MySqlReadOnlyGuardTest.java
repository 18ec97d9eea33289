package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MySqlReadOnlyGuardTest {

    private final MySqlReadOnlyGuard guard = new MySqlReadOnlyGuard();

    static Stream<MySqlCorpus.Hostile> hostile() throws IOException {
        return MySqlCorpus.hostile().stream();
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void givenHostileStatement_whenChecked_thenBlockedForItsReason(MySqlCorpus.Hostile entry) {
        SafetyVerdict verdict = guard.check(entry.sql());
        assertThat(verdict.blocked()).as(entry.family() + ": " + entry.sql()).isTrue();
        assertThat(verdict.reason()).as(entry.family() + ": " + entry.sql()).contains(entry.reason());
    }

    static Stream<String> benign() throws IOException {
        return MySqlCorpus.benign().stream();
    }

    @ParameterizedTest
    @MethodSource("benign")
    void givenBenignAnalyticQuery_whenChecked_thenAllowed(String sql) {
        SafetyVerdict verdict = guard.check(sql);
        assertThat(verdict.allowed()).as(sql + " :: " + verdict.reason()).isTrue();
    }

    @Test
    void hostileCorpusHoldsAtLeastOneHundredFiftyStatementsOverTheAttackFamilies() throws IOException {
        Map<String, Long> byFamily = MySqlCorpus.hostile().stream()
                .collect(Collectors.groupingBy(MySqlCorpus.Hostile::family, Collectors.counting()));

        assertThat(byFamily.values().stream().mapToLong(Long::longValue).sum()).isGreaterThanOrEqualTo(150);
        assertThat(byFamily)
                .containsKeys(
                        "statement",
                        "multiple-statements",
                        "into",
                        "row-lock",
                        "function",
                        "variables",
                        "executable-comment",
                        "hint",
                        "sql-mode",
                        "amplifier",
                        "structure");
    }
}
