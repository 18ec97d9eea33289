package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatementShapeTest {

    static StatementShape shapeOf(String sql) {
        return StatementShape.of((Select) ParsedStatement.parse(sql).statement().orElseThrow());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1 | 0",
                "WITH a AS (SELECT 1), b AS (SELECT 2) SELECT * FROM a, b | 2",
                "SELECT * FROM (WITH a AS (SELECT 1) SELECT * FROM a) s WHERE EXISTS (WITH b AS (SELECT 1) SELECT 1 FROM b) | 2",
                "WITH a AS (WITH b AS (SELECT 1) SELECT * FROM b) SELECT * FROM a | 2",
            })
    void givenWithLists_whenShaped_thenEveryCteAtEveryLevelCounts(String sql, int ctes) {
        assertThat(shapeOf(sql).ctes()).isEqualTo(ctes);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1 | 1",
                "SELECT a FROM t UNION SELECT b FROM u | 1",
                "(((SELECT 1))) | 1",
                "SELECT * FROM (SELECT 1) s | 2",
                "WITH a AS (SELECT 1) SELECT * FROM a | 2",
                "SELECT * FROM t WHERE x IN (SELECT y FROM u WHERE EXISTS (SELECT 1 FROM v)) | 3",
                "SELECT * FROM (SELECT * FROM (SELECT * FROM (VALUES (1)) v) s) t | 4",
            })
    void givenNestedQueries_whenShaped_thenTheDeepestBlockCounts(String sql, int depth) {
        assertThat(shapeOf(sql).queryDepth()).isEqualTo(depth);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1 | 0",
                "SELECT * FROM a, b, c | 3",
                "SELECT * FROM a JOIN b ON true LEFT JOIN c USING (id) | 3",
                "SELECT * FROM (a JOIN (b JOIN c ON true) ON true) JOIN d ON true | 4",
                "SELECT * FROM a WHERE EXISTS (SELECT 1 FROM b, c) | 3",
                "SELECT * FROM a UNION ALL SELECT * FROM b JOIN c ON true | 3",
                "WITH w AS (SELECT * FROM a) SELECT * FROM w, w x | 3",
                "SELECT * FROM (SELECT * FROM a) s, generate_series(1, 2) g | 3",
                "TABLE a | 1",
            })
    void givenFromEntries_whenShaped_thenEachRelationOfEveryBlockCountsOnce(String sql, int relations) {
        assertThat(shapeOf(sql).relations()).isEqualTo(relations);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1 | 0",
                "SELECT 1 UNION SELECT 2 | 1",
                "SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4 | 3",
                "SELECT 1 UNION (SELECT 2 UNION SELECT 3) | 2",
                "SELECT * FROM (SELECT 1 UNION SELECT 2) s WHERE 1 IN (SELECT 1 EXCEPT SELECT 2) | 2",
            })
    void givenSetOperations_whenShaped_thenEveryOperatorCounts(String sql, int operations) {
        assertThat(shapeOf(sql).setOperations()).isEqualTo(operations);
    }
}
