package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReadOnlySafetyGuardTest {

    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    @ParameterizedTest
    @ValueSource(
            strings = {
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
                "SELECT name FROM singer FETCH FIRST (5) ROWS ONLY",
                "SELECT now() AT TIME ZONE ('UTC')",
                "SELECT name FROM singer TABLESAMPLE SYSTEM (10) REPEATABLE (1)",
                "SELECT a, b, count(*) FROM t GROUP BY CUBE (a, b)",
                "SELECT a, b, count(*) FROM t GROUP BY GROUPING SETS ((a), ROLLUP (b))",
                "SELECT sum(x) OVER (ORDER BY y ROWS (2) PRECEDING) FROM t",
                "SELECT name FROM t WHERE name LIKE ('a%') AND name NOT ILIKE ('b%')",
                "SELECT x::character varying(20), y::char(10) FROM t",
                "SELECT e.name, e.age, e.date, T1.height FROM employees e JOIN t AS T1 ON e.id = T1.id",
                "SELECT repeat('-', 3) || name || repeat('-', 3) FROM t",
                "WITH s AS (SELECT lpad(name, 20) AS padded FROM t) SELECT rpad(padded, 30) FROM s",
                "SELECT a[1], b.c FROM t AS b WHERE e'x' <> '' AND x ~ 'y' AND x::text IS NOT NULL",
                "SELECT lpad(name, 10, '0'), repeat('-', 3), rpad(code, 5) FROM t",
                "SELECT factorial(10), n FROM generate_series(1, 1000) AS g(n)",
                "SELECT replace(name, 'a', 'b') FROM t",
                "SELECT 1 --\n; -- the comment ends at the newline, the semicolon ends the statement",
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
        assertThat(guard.check("WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x")
                        .reason())
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

    @Test
    void givenCommentEndedByCarriageReturn_whenChecked_thenTheSecondStatementIsSeen() {
        assertThat(guard.check("SELECT 1 --\r; SELECT pg_advisory_lock(42)").reason())
                .startsWith("multiple statements are not allowed");
    }

    @Test
    void givenBacktickPretendingToQuote_whenChecked_thenTheSemicolonInsideStillSplits() {
        assertThat(guard.check("SELECT 1 AS `x; SELECT pg_advisory_lock(42); --`")
                        .blocked())
                .isTrue();
    }

    @Test
    void givenNonLetterDollarTag_whenChecked_thenTheStringEndsWhereThePostgresOneEnds() {
        assertThat(guard.check("SELECT $€$ '$€$; SELECT pg_advisory_lock(42); --'")
                        .reason())
                .startsWith("multiple statements are not allowed");
        assertThat(guard.check("SELECT $٣$ '$٣$; SELECT pg_advisory_lock(42); --'")
                        .reason())
                .startsWith("multiple statements are not allowed");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT e.pg_column_size FROM employees e",
                "SELECT g.pg_advisory_lock FROM generate_series(1, 1) g",
                "SELECT (e.id).pg_terminate_backend FROM employees e",
                "SELECT (42).pg_cancel_backend",
                "SELECT u.lo_import FROM unnest(ARRAY['/etc/passwd']) u",
                "SELECT u.ts_stat FROM unnest(ARRAY['SELECT 1']) u",
                "SELECT e.\"pg_read_file\" FROM employees e",
                "SELECT (200000).factorial",
                "SELECT e.set_config FROM employees e",
                "SELECT (e).name FROM employees e",
                "SELECT (e.id).some_extension_function FROM employees e",
                "SELECT (ARRAY[e])[1].\"name\" FROM employees e",
            })
    void givenFunctionCalledThroughAttributeNotation_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).reason()).contains("attribute notation");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT first(name) FROM t",
                "SELECT system(1)",
                "SELECT rows()",
                "SELECT filter()",
                "SELECT next()",
                "SELECT zone()",
                "SELECT 1 FROM t WHERE cube(1) > 0",
                "SELECT over(1)",
                "SELECT like('a', 'b')",
                "SELECT name FROM t WHERE x = first(y)",
                "SELECT varying(1)"
            })
    void givenFunctionNamedLikeAKeyword_whenChecked_thenTheAllowlistDecides(String sql) {
        assertThat(guard.check(sql).blocked()).as(sql).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT repeat('x', 500000000)",
                "SELECT lpad('', 1000000000)",
                "SELECT rpad('', 100000, 'x')",
                "SELECT factorial(200000)",
                "SELECT repeat('x', n) FROM t",
                "SELECT repeat(repeat('x', 1000), 1000)",
                "SELECT n FROM generate_series(1, 1000000000) n",
                "SELECT n FROM generate_series(1, t.n) n",
                "SELECT 'x'::char(10485760)",
                "SELECT CAST(B'1' AS bit(83886080))",
                "SELECT format('%1000000000s', 'x')",
                "SELECT pg_catalog.repeat('x', 1e9)"
            })
    void givenAmplifyingCall_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).blocked()).as(sql).isTrue();
    }

    /**
     * Type and function names are compared as PostgreSQL resolves them: quoted or schema-qualified spellings of a
     * lower-case name are that name, so the padded-type cap and the amplifier bounds hold for them too.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT B'1'::\"bit\"(%d)",
                "SELECT CAST(B'1' AS \"bit\"(%d))",
                "SELECT B'1'::pg_catalog.\"bit\"(%d)",
                "SELECT B'1'::\"pg_catalog\".\"bit\"(%d)",
                "SELECT B'1'::pg_catalog.bit(%d)",
                "SELECT B'1'::\"bit\" /* a comment */ (%d)[]",
                "SELECT CAST('x' AS \"char\"(%d))",
                "SELECT 'x'::national character(%d)",
                "SELECT \"pg_catalog\".\"repeat\"('x', %d)",
                "SELECT \"lpad\"('x', %d)",
                "SELECT pg_catalog.\"rpad\"('x', %d)",
            })
    void givenQuotedOrQualifiedSpellingOfABoundedName_whenChecked_thenTheSameCapHolds(String template) {
        String atCap = String.format(template, AmplifyingCalls.MAX_SIZE);
        String overCap = String.format(template, AmplifyingCalls.MAX_SIZE + 1);

        assertThat(guard.check(atCap).allowed()).as(atCap).isTrue();
        assertThat(guard.check(overCap).reason()).as(overCap).contains("of at most " + AmplifyingCalls.MAX_SIZE);
    }

    /** bpchar and nchar are not on the allowlist at any length, but an oversized one is refused for its length. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 'x'::\"bpchar\"(1001)",
                "SELECT 'x'::\"pg_catalog\".bpchar(1001)",
                "SELECT 'x'::nchar(1001)"
            })
    void givenOversizedPaddedTypeOffTheAllowlist_whenChecked_thenItsLengthIsTheReason(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).contains("(n) needs an integer literal n of at most 1000");
    }

    /**
     * A quoted name keeps its case in PostgreSQL, so {@code "REPEAT"} is not repeat but a function that does not
     * exist, like any unknown name refused by the allowlist; the function form of a padded type is capped too.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT \"REPEAT\"('x', 10)",
                "SELECT \"Repeat\"('x', 10)",
                "SELECT \"LOWER\"(name) FROM t",
                "SELECT \"PG_CATALOG\".lower(name) FROM t",
                "SELECT B'1'::\"BIT\"(83886080)",
                "SELECT \"bit\"(B'1', 83886084, false)",
                "SELECT bpchar('x', 10485764, false)",
            })
    void givenNameThatIsAnotherIdentifierOnceQuoted_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).blocked()).as(sql).isTrue();
    }

    /** varchar(n) and numeric(p, s) only check and round, they never pad, so their modifiers are not capped. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT CAST(name AS \"varchar\"(10485760)) FROM t",
                "SELECT name::varchar(10485760), name::character varying(10485760) FROM t",
                "SELECT salary::\"numeric\", salary::\"numeric\"(10, 2), pg_catalog.\"lower\"(name) FROM t",
            })
    void givenNonPaddingTypeInAnySpelling_whenChecked_thenAllowed(String sql) {
        assertThat(guard.check(sql).allowed()).as(sql).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT repeat(b, 1000) FROM (SELECT repeat(a, 1000) b FROM (SELECT repeat('x', 1000) a) s1) s2",
                "WITH a AS (SELECT repeat('x', 1000) v), b AS (SELECT repeat(v, 1000) v FROM a) SELECT repeat(v, 1000) FROM b",
                "SELECT repeat('x', 1000) || repeat('x', 1000) || repeat('x', 1000)",
                "SELECT lpad(v, 1000) FROM (SELECT repeat('ab', 1000) v) s",
                "SELECT repeat(v, 1000) FROM (SELECT 'x'::char(1000) v) s",
                "SELECT repeat(v, 1000) FROM generate_series(1, 1000) g, (SELECT 'x' v) s",
            })
    void givenAmplifyingCallsStackedAcrossTheStatement_whenChecked_thenBlockedByTheStatementBudget(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).contains("together could produce more than");
    }

    @Test
    void givenAColumnConcatenatedWithItselfThroughEveryLevel_whenChecked_thenBlockedByTheStatementBudget() {
        StringBuilder ctes = new StringBuilder("WITH a0 AS (SELECT 'ab' v)");
        for (int level = 1; level <= 21; level++) {
            ctes.append(", a")
                    .append(level)
                    .append(" AS (SELECT v || v v FROM a")
                    .append(level - 1)
                    .append(')');
        }
        String doubling = ctes + " SELECT length(v) FROM a21";
        String derived = "SELECT v || v FROM (SELECT v || v v FROM (SELECT v || v v FROM (SELECT '"
                + "x".repeat(200_000 / 1000) + "' || '" + "x".repeat(1000) + "' v) s1) s2) s3"
                + " WHERE " + "1 || ".repeat(8) + "1 <> ''";

        assertThat(guard.check(doubling).reason()).contains("|| concatenations that together could produce more than");
        assertThat(guard.check(derived).reason()).contains("together could produce more than");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT first_name || ' ' || last_name AS full_name FROM people",
                "SELECT street || ', ' || zip || ' ' || city || ', ' || region || ', ' || country || ' (' || kind || ')' FROM addresses",
                "SELECT ARRAY[1] || ARRAY[2], '{}'::jsonb || '{\"a\": 1}'::jsonb",
            })
    void givenOrdinaryConcatenations_whenChecked_thenAllowed(String sql) {
        assertThat(guard.check(sql).allowed()).as(sql).isTrue();
    }

    @Test
    void givenRepeatOfALongLiteralFromASubquery_whenChecked_thenOverTheStatementBudget() {
        assertThat(guard.check("SELECT repeat(v, 1000) FROM (SELECT '" + "x".repeat(2000) + "' v) s")
                        .reason())
                .contains("together could produce more than");
        assertThat(guard.check("SELECT repeat('x', 1000)").allowed()).isTrue();
        assertThat(guard.check("SELECT replace(v, 'a', '" + "b".repeat(500) + "') FROM (SELECT repeat('a', 1000) v) s")
                        .reason())
                .contains("together could produce more than");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1\u000b",
                "SELECT\u000b1",
                "SELECT 1 /* \u0000 */",
                "SELECT '\u0000'",
                "SELECT 1 -- \u0007",
                "SELECT \"a\u001bb\" FROM t",
                "SELECT 1\u0085"
            })
    void givenControlCharacter_whenChecked_thenBlockedWhereverItIs(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).startsWith("the control character U+");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1 \\ 2", "SELECT {1}", "SELECT $ 1", "SELECT a FROM t WHERE b = 1 }"})
    void givenStrayCharacter_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).contains("is not allowed outside literals and comments");
    }

    @Test
    void givenReplaceWithAHugeLiteral_whenChecked_thenBlocked() {
        String big = "'" + "a".repeat(30_000) + "'";
        assertThat(guard.check("SELECT replace(" + big + ", 'a', " + big + ")").reason())
                .contains("text literal longer");
    }

    @Test
    void givenTenThousandChainedAdditions_whenCheckedAndLinted_thenTooComplexWithoutStackOverflow() {
        String sql = "SELECT " + "1+".repeat(5000) + "1";
        assertThat(guard.check(sql).reason()).startsWith(StatementLimits.TOO_COMPLEX);
        assertThatCode(() -> new SqlLinter().lint(sql)).doesNotThrowAnyException();
    }

    @Test
    void givenDeepParentheses_whenChecked_thenTooComplex() {
        String sql = "SELECT " + "(".repeat(3000) + "1" + ")".repeat(3000);
        assertThat(guard.check(sql).reason()).startsWith(StatementLimits.TOO_COMPLEX);
        assertThatCode(() -> new SqlLinter().lint(sql)).doesNotThrowAnyException();
    }

    @Test
    void givenDeeplyNestedCase_whenChecked_thenTooComplex() {
        String sql = "SELECT " + "CASE WHEN true THEN ".repeat(2000) + "1" + " END".repeat(2000);
        assertThat(guard.check(sql).reason()).startsWith(StatementLimits.TOO_COMPLEX);
    }

    @Test
    void givenOversizedText_whenChecked_thenTooComplexBeforeLexing() {
        String sql = "SELECT '" + "x".repeat(StatementLimits.DEFAULT_MAX_LENGTH) + "'";
        assertThat(guard.check(sql).reason()).startsWith(StatementLimits.TOO_COMPLEX);
    }

    @Test
    void givenUnicodeEscapedIdentifier_whenChecked_thenBlocked() {
        assertThat(guard.check("SELECT U&\"\\0070g_sleep\"(1)").reason()).contains("Unicode-escaped identifiers");
    }

    @ParameterizedTest
    @MethodSource("hostileStatements")
    void givenHostileStatement_whenChecked_thenBlocked(String sql) {
        SafetyVerdict verdict = guard.check(sql);
        assertThat(verdict.blocked()).as(sql).isTrue();
        assertThat(verdict.reason()).isNotBlank();
    }

    @Test
    void hostileCorpusHoldsAtLeastThreeHundredStatements() throws IOException {
        assertThat(HostileCorpus.statements()).hasSizeGreaterThanOrEqualTo(300);
    }

    static Stream<String> hostileStatements() throws IOException {
        return HostileCorpus.statements().stream();
    }
}
