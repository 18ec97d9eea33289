package dev.schemarag.generation.validation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ReadOnlySafetyGuardTest {

    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT count(*) FROM singer",
            "SELECT name FROM singer;",
            "SELECT name FROM singer ; -- done",
            "select e.name, d.name from emp e join dept d on e.dept_id = d.id where e.name ilike 'a%' limit 5 offset 10",
            "WITH top AS (SELECT dept_id, avg(salary) AS s FROM emp GROUP BY dept_id) SELECT * FROM top ORDER BY s DESC",
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r",
            "SELECT name, rank() OVER (PARTITION BY dept ORDER BY salary DESC) FROM emp",
            "SELECT salary::numeric(10,2), CAST(hired AS date), date_trunc('month', hired)::date FROM emp",
            "SELECT a FROM t UNION SELECT b FROM u INTERSECT SELECT c FROM v EXCEPT SELECT d FROM w",
            "VALUES (1, 'a'), (2, 'b')",
            "SELECT \"free meal count (k-12)\" / \"enrollment (k-12)\" FROM frpm",
            "SELECT 'a;b' AS with_semicolon, $$x;y$$ AS dollar FROM t /* ; */",
            "SELECT n FROM generate_series(1, 3) AS g(n)",
            "SELECT * FROM (SELECT 1) AS s(a)",
            "SELECT coalesce(nullif(a, ''), 'none'), greatest(1, 2), extract(year FROM d) FROM t",
            "SELECT data->>'name', jsonb_array_length(data->'items') FROM docs",
            "SELECT pg_catalog.lower(name) FROM t",
            "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY salary) FROM emp",
            "SELECT count(*) FILTER (WHERE salary > 10) FROM emp",
            "(SELECT 1) UNION (SELECT 2)",
            "SELECT name FROM t WHERE id = ANY (ARRAY[1, 2]) AND EXISTS (SELECT 1 FROM u WHERE u.id = t.id)",
            "SELECT substring(name FROM 1 FOR 3) FROM t",
            "SELECT varchar_col::varchar(20), 'E' AS e FROM t",
            "TABLE singer",
            "SELECT w FROM unnest(ARRAY[1, 2]) WITH ORDINALITY AS u(w, n)",
            "WITH a AS (SELECT 1 AS x), b(y) AS (SELECT x FROM a) SELECT y FROM b",
    })
    void givenReadOnlyQuery_whenChecked_thenAllowed(String sql) {
        assertThat(guard.check(sql)).isEqualTo(SafetyVerdict.allow());
    }

    @Test
    void givenSleepCall_whenChecked_thenReasonNamesTheFunction() {
        assertThat(guard.check("SELECT pg_sleep(10)").reason()).isEqualTo("function pg_sleep is not allowed");
    }

    @Test
    void givenDeleteInsideCte_whenChecked_thenBlockedAsDataModifying() {
        assertThat(guard.check("WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x").reason())
                .isEqualTo("data-modifying statement DELETE inside the query is not allowed");
    }

    @Test
    void givenSecondStatement_whenChecked_thenBlockedAsMultipleStatements() {
        assertThat(guard.check("SELECT 1; DROP TABLE t").reason()).isEqualTo("multiple statements are not allowed");
    }

    @Test
    void givenBackslashBeforeQuote_whenChecked_thenStringEndsThereAsInPostgres() {
        assertThat(guard.check("SELECT 'a\\'; DELETE FROM t; --'").reason())
                .isEqualTo("multiple statements are not allowed");
    }

    @Test
    void givenDdl_whenChecked_thenReasonNamesTheStatement() {
        assertThat(guard.check("DROP TABLE t").reason()).isEqualTo("only SELECT queries are allowed, not DROP");
    }

    @Test
    void givenSelectInto_whenChecked_thenBlocked() {
        assertThat(guard.check("SELECT * INTO copy FROM t").reason()).isEqualTo("SELECT ... INTO is not allowed");
    }

    @Test
    void givenForUpdate_whenChecked_thenBlocked() {
        assertThat(guard.check("SELECT * FROM t FOR UPDATE").reason())
                .isEqualTo("row locking (FOR UPDATE/SHARE) is not allowed");
    }

    @Test
    void givenExplainAnalyze_whenChecked_thenBlocked() {
        assertThat(guard.check("EXPLAIN ANALYZE SELECT 1").reason())
                .isEqualTo("only SELECT queries are allowed, not EXPLAIN");
    }

    @Test
    void givenUnparseableSelect_whenChecked_thenBlockedWithParserMessage() {
        assertThat(guard.check("SELECT a FROM t WHERE").reason()).startsWith("the SQL could not be parsed (");
    }

    @Test
    void givenUnterminatedString_whenChecked_thenBlockedWithPosition() {
        assertThat(guard.check("SELECT 'abc").reason()).isEqualTo("unterminated string literal at position 7");
    }

    @Test
    void givenBlankSql_whenChecked_thenBlocked() {
        assertThat(guard.check("  -- nothing\n").reason()).isEqualTo("the SQL is empty");
    }

    @Test
    void givenQualifiedUserFunction_whenChecked_thenBlocked() {
        assertThat(guard.check("SELECT public.lower(name) FROM t").reason())
                .isEqualTo("function public.lower is not allowed");
    }

    @Test
    void givenCallHiddenFromTheParserByDollarQuoting_whenChecked_thenStillBlocked() {
        assertThat(guard.check("SELECT $tag$a'b$tag$, pg_sleep(1)").reason())
                .isEqualTo("function pg_sleep is not allowed");
    }

    @ParameterizedTest
    @MethodSource("hostileStatements")
    void givenHostileStatement_whenChecked_thenBlocked(String sql) {
        SafetyVerdict verdict = guard.check(sql);
        assertThat(verdict.blocked()).as(sql).isTrue();
        assertThat(verdict.reason()).isNotBlank();
    }

    @Test
    void hostileCorpusHoldsAtLeastOneHundredStatements() throws IOException {
        assertThat(hostileStatements()).hasSizeGreaterThanOrEqualTo(100);
    }

    static Stream<String> hostileStatements() throws IOException {
        try (InputStream in = ReadOnlySafetyGuardTest.class.getResourceAsStream("/validation/hostile-statements.sql")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return Arrays.stream(text.split("\n====\n")).skip(1).map(String::strip).filter(s -> !s.isEmpty())
                    .toList().stream();
        }
    }
}
