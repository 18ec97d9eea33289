package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlanSizeEstimateTest {

    private static long estimate(String sql) {
        return PlanSizeEstimate.of(
                (Select) ParsedStatement.parse(sql).statement().orElseThrow());
    }

    /** WITH a0 AS (SELECT 1 v), a1 AS (SELECT v + v v FROM a0), ... SELECT v FROM a{levels}. */
    private static String doublingCtes(int levels) {
        StringBuilder sql = new StringBuilder("WITH a0 AS (SELECT 1 v)");
        for (int level = 1; level <= levels; level++) {
            sql.append(", a")
                    .append(level)
                    .append(" AS (SELECT v + v v FROM a")
                    .append(level - 1)
                    .append(')');
        }
        return sql.append(" SELECT v FROM a").append(levels).toString();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // base-table columns are worth 1: count(*) 2, x 1, y 1, x = 1 3
                "SELECT count(*), x FROM t WHERE y = 1 | 6",
                // s.v 1; t.v = s.v + s.v 3; u.v 7; the outer v 7: 7 + (7 + (3 + 1))
                "SELECT v FROM (SELECT v + v AS v FROM (SELECT v + v v FROM (SELECT 1 v) s) t) u | 18",
                // a.v 1 (body 1), b.v = a.v * a.v 3 (body 3), the select 3 + 3 + 1 = 7
                "WITH a AS (SELECT 1 v), b AS (SELECT v * v v FROM a) SELECT b.v + b.v FROM b | 11",
                // an alias column list renames v to w
                "SELECT w + w FROM (SELECT 2 + 2 v) AS s(w) | 10",
                // * passes the derived table's columns through: s2.v is still 3; 7 + s2 (3, its s1)
                "SELECT v + v FROM (SELECT * FROM (SELECT 1 + 2 v) s1) s2 | 10",
                // a set operation's column is worth the sum of its branches: 3 + 1
                "SELECT v + v FROM (SELECT 1 + 2 v UNION ALL SELECT 4) s | 13",
                // a VALUES column is worth the sum of its rows: 3 + 1, named column1
                "SELECT column1 + column1 FROM (VALUES (1 + 2), (4)) v | 13",
                // the columns of a parenthesised join are reached through its alias: 7 + s 3 + ON true 1
                "SELECT j.v + j.v FROM ((SELECT 1 + 2 v) s JOIN t ON true) AS j | 11",
                // a correlated reference reaches the enclosing query's derived table: the subquery 1 + 7, s 3
                "SELECT (SELECT s.v + s.v FROM t) FROM (SELECT 1 + 2 v) s | 11",
                // an unnamed column (1 + 2 + 3 gets no name here) may be what any name means: 5 + 5
                "SELECT x FROM (SELECT 1 + 2 + 3) s | 10",
                // a table named like a CTE but schema-qualified is the table
                "WITH t AS (SELECT 1 + 2 + 3 v) SELECT v + v FROM public.t | 8",
            })
    void givenQuery_whenEstimated_thenEachReferenceCostsItsSourceColumn(String sql, long expected) {
        assertThat(estimate(sql)).as(sql).isEqualTo(expected);
    }

    @Test
    void givenColumnsDoubledAtEveryLevel_whenEstimated_thenTheEstimateDoublesToo() {
        long ten = estimate(doublingCtes(10));
        long eleven = estimate(doublingCtes(11));

        assertThat(eleven).isBetween(ten * 19 / 10, ten * 21 / 10);
        assertThat(estimate(doublingCtes(21))).isGreaterThan(4_000_000);
    }

    @Test
    void givenAChainThatUsesEachColumnOnce_whenEstimated_thenTheEstimateGrowsLinearly() {
        StringBuilder sql = new StringBuilder("WITH a0 AS (SELECT 1 v)");
        for (int level = 1; level <= 30; level++) {
            sql.append(", a")
                    .append(level)
                    .append(" AS (SELECT v + 1 v FROM a")
                    .append(level - 1)
                    .append(')');
        }
        assertThat(estimate(sql + " SELECT v FROM a30")).isLessThan(2_000);
    }

    @Test
    void givenAHugeMultiplication_whenEstimated_thenTheEstimateSaturatesInsteadOfOverflowing() {
        StringBuilder sql = new StringBuilder("WITH a0 AS (SELECT 1 v)");
        for (int level = 1; level <= 40; level++) {
            sql.append(", a")
                    .append(level)
                    .append(" AS (SELECT ")
                    .append("v * ".repeat(50))
                    .append("v v FROM a")
                    .append(level - 1)
                    .append(')');
        }
        assertThat(estimate(sql + " SELECT v FROM a40")).isPositive().isGreaterThan(Long.MAX_VALUE / 8);
    }
}
