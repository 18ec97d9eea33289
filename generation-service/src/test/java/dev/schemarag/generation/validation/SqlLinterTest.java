package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlLinterTest {

    private final SqlLinter linter = new SqlLinter();

    private List<LintCode> codes(String sql) {
        return linter.lint(sql).issues().stream().map(LintIssue::code).toList();
    }

    @Test
    void givenMissingClosingParenthesis_whenLinted_thenUnbalancedParens() {
        LintReport report = linter.lint("SELECT count(id FROM t");
        assertThat(report.issues())
                .containsExactly(
                        LintIssue.of(LintCode.UNBALANCED_PARENS, "1 '(' never closed, the last at position 12"));
    }

    @Test
    void givenExtraClosingParenthesis_whenLinted_thenUnbalancedParens() {
        assertThat(codes("SELECT a) FROM t")).containsExactly(LintCode.UNBALANCED_PARENS);
    }

    @Test
    void givenParenthesisInsideString_whenLinted_thenNotCounted() {
        assertThat(codes("SELECT a FROM t WHERE b = '('")).isEmpty();
    }

    @Test
    void givenUnclosedQuote_whenLinted_thenOnlyUnclosedQuote() {
        assertThat(linter.lint("SELECT count(*) FROM t WHERE name = 'abc").issues())
                .containsExactly(
                        LintIssue.of(LintCode.UNCLOSED_QUOTE, "string literal opened at position 36 is never closed"));
    }

    @Test
    void givenUnclosedQuotedIdentifier_whenLinted_thenUnclosedQuote() {
        assertThat(codes("SELECT \"name FROM t")).containsExactly(LintCode.UNCLOSED_QUOTE);
    }

    @Test
    void givenUnclosedComment_whenLinted_thenUnclosedComment() {
        assertThat(codes("SELECT a FROM t /* note")).containsExactly(LintCode.UNCLOSED_COMMENT);
    }

    @Test
    void givenCommaBeforeFrom_whenLinted_thenTrailingCommaSelectInsteadOfParseError() {
        assertThat(linter.lint("SELECT a, b, FROM t").issues())
                .containsExactly(LintIssue.of(
                        LintCode.TRAILING_COMMA_SELECT,
                        "comma at position 11 ends the SELECT list without a following column"));
    }

    @Test
    void givenCommaEndingSubquerySelectList_whenLinted_thenTrailingCommaSelect() {
        assertThat(codes("SELECT * FROM t WHERE a IN (SELECT b, FROM u)"))
                .containsExactly(LintCode.TRAILING_COMMA_SELECT);
    }

    @Test
    void givenCommaEndingGroupBy_whenLinted_thenTrailingCommaGroupBy() {
        assertThat(codes("SELECT a, count(*) FROM t GROUP BY a, ORDER BY a"))
                .containsExactly(LintCode.TRAILING_COMMA_GROUPBY);
    }

    @Test
    void givenCommaEndingOrderBy_whenLinted_thenTrailingCommaOrderBy() {
        assertThat(codes("SELECT a FROM t ORDER BY a, LIMIT 3")).containsExactly(LintCode.TRAILING_COMMA_ORDERBY);
    }

    @Test
    void givenCommaEndingStatement_whenLinted_thenTrailingCommaOrderBy() {
        assertThat(codes("SELECT a FROM t ORDER BY a,;")).containsExactly(LintCode.TRAILING_COMMA_ORDERBY);
    }

    @Test
    void givenCommaInsideFunctionArguments_whenLinted_thenNoTrailingCommaRule() {
        assertThat(linter.lint("SELECT substring(a, ) FROM t").issues())
                .extracting(LintIssue::code)
                .containsExactly(LintCode.PARSE_ERROR);
    }

    @Test
    void givenUnexplainedParseFailure_whenLinted_thenParseErrorCarriesParserMessage() {
        assertThat(linter.lint("SELECT a FROM t WHERE").issues())
                .containsExactly(LintIssue.of(LintCode.PARSE_ERROR, "unexpected \"WHERE\" at line 1, column 17"));
    }

    @Test
    void givenJoinWithoutOn_whenLinted_thenJoinWithoutCondition() {
        assertThat(linter.lint("SELECT * FROM emp e JOIN dept d WHERE e.id = 1").issues())
                .containsExactly(LintIssue.of(
                        LintCode.JOIN_WITHOUT_CONDITION,
                        "JOIN dept d has no ON or USING condition (write CROSS JOIN if a cartesian product is meant)"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM a CROSS JOIN b",
                "SELECT * FROM a NATURAL JOIN b",
                "SELECT * FROM a JOIN b USING (id)",
                "SELECT * FROM a LEFT JOIN b ON a.id = b.id",
                "SELECT * FROM a, b WHERE a.id = b.id",
            })
    void givenJoinWithConditionOrCrossIntent_whenLinted_thenNoIssue(String sql) {
        assertThat(codes(sql)).isEmpty();
    }

    @Test
    void givenQualifierNotInFrom_whenLinted_thenUndefinedAlias() {
        assertThat(linter.lint("SELECT T3.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id")
                        .issues())
                .containsExactly(LintIssue.of(
                        LintCode.UNDEFINED_ALIAS, "\"t3\" in T3.name is not a table, alias or CTE in the FROM clause"));
    }

    @Test
    void givenTableNameHiddenByItsAlias_whenLinted_thenUndefinedAlias() {
        assertThat(codes("SELECT singer.name FROM singer AS s")).containsExactly(LintCode.UNDEFINED_ALIAS);
    }

    @Test
    void givenStarOfUnknownQualifier_whenLinted_thenUndefinedAlias() {
        assertThat(codes("SELECT x.* FROM t")).containsExactly(LintCode.UNDEFINED_ALIAS);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT t.a FROM t",
                "SELECT public.t.a FROM public.t",
                "SELECT T1.a FROM t AS t1",
                "SELECT \"T\".a FROM \"T\"",
                "SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id)",
                "SELECT s.n FROM (SELECT count(*) AS n FROM t) AS s",
                "WITH c AS (SELECT a FROM t) SELECT c.a FROM c",
                "SELECT g.n FROM generate_series(1, 3) AS g(n)",
                "SELECT generate_series.generate_series FROM generate_series(1, 3)",
                "SELECT a.x, b.y FROM a, LATERAL (SELECT a.x AS y) b",
                "SELECT a.id FROM (a JOIN b ON a.id = b.id)",
            })
    void givenQualifiersInScope_whenLinted_thenNoUndefinedAlias(String sql) {
        assertThat(codes(sql)).doesNotContain(LintCode.UNDEFINED_ALIAS);
    }

    @Test
    void givenAggregateWithBareColumnAndNoGroupBy_whenLinted_thenWarning() {
        LintReport report = linter.lint("SELECT name, count(*) FROM singer");
        assertThat(report.issues())
                .containsExactly(LintIssue.of(
                        LintCode.AGGREGATE_WITHOUT_GROUPBY,
                        "aggregate mixed with name without GROUP BY; group by them or aggregate them"));
        assertThat(report.hasErrors()).isFalse();
    }

    @Test
    void givenWindowFunctionNextToColumn_whenLinted_thenNoAggregateWarning() {
        assertThat(codes("SELECT name, sum(x) OVER (PARTITION BY dept) FROM t")).isEmpty();
    }

    @Test
    void givenColumnOnlyInsideAggregate_whenLinted_thenNoWarning() {
        assertThat(codes("SELECT max(age), min(age) FROM singer")).isEmpty();
    }

    @Test
    void givenSelectedColumnNotGrouped_whenLinted_thenNonAggregateInSelect() {
        assertThat(linter.lint("SELECT T2.name, count(*) FROM concert T1 JOIN stadium T2 ON T1.sid = T2.id "
                                + "GROUP BY T1.sid")
                        .issues())
                .containsExactly(LintIssue.of(
                        LintCode.NON_AGGREGATE_IN_SELECT,
                        "T2.name is selected but neither aggregated nor in GROUP BY"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT dept, count(*) FROM emp GROUP BY dept",
                "SELECT e.dept, count(*) FROM emp e GROUP BY dept",
                "SELECT dept, count(*) FROM emp GROUP BY 1",
                "SELECT date_trunc('month', hired), count(*) FROM emp GROUP BY date_trunc('month', hired)",
                "SELECT upper(dept) AS d, count(*) FROM emp GROUP BY d",
                "SELECT dept, count(*) FROM emp GROUP BY ROLLUP (dept)",
            })
    void givenSelectedColumnsGrouped_whenLinted_thenNoWarning(String sql) {
        assertThat(codes(sql)).isEmpty();
    }

    @Test
    void givenSameAliasTwiceInFrom_whenLinted_thenDuplicateAlias() {
        assertThat(linter.lint("SELECT e.id FROM emp e JOIN dept e ON e.id = e.dept_id")
                        .issues())
                .contains(LintIssue.of(LintCode.DUPLICATE_ALIAS, "\"e\" names more than one FROM entry"));
    }

    @Test
    void givenSameOutputAliasTwice_whenLinted_thenDuplicateAlias() {
        assertThat(codes("SELECT a AS x, b AS x FROM t")).containsExactly(LintCode.DUPLICATE_ALIAS);
    }

    @Test
    void givenSameCteNameTwice_whenLinted_thenDuplicateAlias() {
        assertThat(codes("WITH c AS (SELECT 1), c AS (SELECT 2) SELECT * FROM c"))
                .containsExactly(LintCode.DUPLICATE_ALIAS);
    }

    @Test
    void givenUnqualifiedColumnInTwoJoinedTables_whenLintedWithSchema_thenAmbiguousColumn() {
        SchemaColumns schema = SchemaColumns.of(Map.of(
                "emp", List.of("id", "name", "dept_id"),
                "dept", List.of("id", "name")));
        LintReport report = linter.lint("SELECT name FROM emp e JOIN dept d ON e.dept_id = d.id", schema);
        assertThat(report.issues())
                .containsExactly(LintIssue.of(LintCode.AMBIGUOUS_COLUMN, "column name exists in e, d; qualify it"));
    }

    @Test
    void givenUsingColumn_whenLintedWithSchema_thenNotAmbiguous() {
        SchemaColumns schema = SchemaColumns.of(Map.of("a", List.of("id", "x"), "b", List.of("id", "y")));
        assertThat(linter.lint("SELECT id, x, y FROM a JOIN b USING (id)", schema)
                        .issues())
                .isEmpty();
    }

    @Test
    void givenNoSchema_whenLinted_thenAmbiguityIsNotChecked() {
        assertThat(codes("SELECT name FROM emp e JOIN dept d ON e.dept_id = d.id"))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r",
                "SELECT name, rank() OVER (PARTITION BY dept ORDER BY salary DESC) AS r FROM emp",
                "SELECT salary::numeric(10, 2) FROM emp WHERE name ILIKE 'a%' LIMIT 5 OFFSET 10",
                "SELECT a FROM t UNION SELECT b FROM u INTERSECT SELECT c FROM v EXCEPT SELECT d FROM w",
                "SELECT \"free meal count (k-12)\" / \"enrollment (k-12)\" FROM frpm",
                "SELECT a FROM t WHERE b IN (SELECT c FROM u WHERE u.d = t.d)",
                "SELECT name FROM singer;",
            })
    void givenValidPostgresQuery_whenLinted_thenNoIssue(String sql) {
        assertThat(linter.lint(sql).issues()).isEmpty();
    }

    @Test
    void givenBlankSql_whenLinted_thenParseError() {
        assertThat(linter.lint(" ").issues()).containsExactly(LintIssue.of(LintCode.PARSE_ERROR, "the SQL is empty"));
    }
}
