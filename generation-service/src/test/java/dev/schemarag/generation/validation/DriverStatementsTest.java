package dev.schemarag.generation.validation;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DriverStatementsTest {

    @Test
    void givenOneStatementWithTrailingSemicolonsOrComment_whenCounted_thenOne() {
        assertThat(DriverStatements.count("SELECT 1", true)).isEqualTo(1);
        assertThat(DriverStatements.count("SELECT 1;;", true)).isEqualTo(1);
        assertThat(DriverStatements.count("SELECT 1; -- done", true)).isEqualTo(1);
    }

    @Test
    void givenCommentEndedByCarriageReturn_whenCounted_thenTheDriverSendsTwoStatements() {
        assertThat(DriverStatements.count("EXPLAIN SELECT 1 --\r; SELECT pg_advisory_lock(42)", true)).isEqualTo(2);
    }

    @Test
    void givenBackslashQuote_whenCountedWithoutStandardStrings_thenTheSplitDiffers() {
        String sql = "SELECT 'a\\'; SELECT pg_advisory_lock(42); --'";
        assertThat(DriverStatements.count(sql, true)).isEqualTo(2);
        assertThat(DriverStatements.count(sql, false)).isEqualTo(1);
    }
}
