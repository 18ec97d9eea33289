package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ColumnReadsTest {

    @Test
    void everyColumnNameIsCollectedWhateverItsClauseOrQualifier() {
        ColumnReads reads = ColumnReads.of("""
                SELECT u.Username, count(o.id) FROM public.users u JOIN orders o ON o.user_id = u.id
                WHERE u."Email" LIKE '%x' GROUP BY 1 HAVING sum(o.total) > 0 ORDER BY max(o.placed_at)""");

        assertThat(reads.parsed()).isTrue();
        assertThat(reads.tables()).containsExactly("orders", "public.users");
        assertThat(reads.columns())
                .containsExactlyInAnyOrder("username", "id", "user_id", "email", "total", "placed_at");
        assertThat(reads.wholeRows()).isFalse();
    }

    @Test
    void aStarArgumentReadsNoColumnButAStarOrARowValueReadsWholeRows() {
        assertThat(ColumnReads.of("SELECT count(*) FROM users").wholeRows()).isFalse();
        assertThat(ColumnReads.of("SELECT * FROM users").wholeRows()).isTrue();
        assertThat(ColumnReads.of("SELECT u.* FROM users u").wholeRows()).isTrue();
        assertThat(ColumnReads.of("SELECT json_agg(u) FROM users u").wholeRows())
                .isTrue();
        assertThat(ColumnReads.of("SELECT 1 FROM users WHERE EXISTS (SELECT * FROM orders)")
                        .wholeRows())
                .isTrue();
    }

    @Test
    void aCteIsNoTableButTheTablesItReadsAre() {
        ColumnReads reads = ColumnReads.of("WITH x AS (SELECT email FROM hr.people) SELECT email FROM x");

        assertThat(reads.tables()).containsExactly("hr.people");
        assertThat(reads.columns()).containsExactly("email");
    }

    @Test
    void aStatementThatDoesNotParseSaysSo() {
        ColumnReads reads = ColumnReads.of("SELECT FROM WHERE (");

        assertThat(reads.parsed()).isFalse();
        assertThat(reads.wholeRows()).isTrue();
    }
}
