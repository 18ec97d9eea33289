package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DriverStatementsTest {

    @Test
    void givenOneStatementWithTrailingSemicolonsOrComment_whenCounted_thenOne() {
        assertThat(DriverStatements.count("SELECT 1")).isEqualTo(1);
        assertThat(DriverStatements.count("SELECT 1;;")).isEqualTo(1);
        assertThat(DriverStatements.count("SELECT 1; -- done")).isEqualTo(1);
        assertThat(DriverStatements.isSingle("SELECT 1; -- done")).isTrue();
    }

    @Test
    void givenCommentEndedByCarriageReturn_whenCounted_thenTheDriverSendsTwoStatements() {
        assertThat(DriverStatements.count("EXPLAIN SELECT 1 --\r; SELECT pg_advisory_lock(42)"))
                .isEqualTo(2);
    }

    @Test
    void givenBackslashQuote_whenCounted_thenTheBackslashEscapesNothingAsWithStandardStrings() {
        String sql = "SELECT 'a\\'; SELECT pg_advisory_lock(42); --'";
        assertThat(DriverStatements.count(sql)).isEqualTo(2);
        assertThat(DriverStatements.isSingle(sql)).isFalse();
    }
}
