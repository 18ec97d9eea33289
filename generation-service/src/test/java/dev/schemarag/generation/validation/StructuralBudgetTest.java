package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Each budget at its default: a statement right at the budget passes, one step over it is refused. */
class StructuralBudgetTest {

    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    static String unusedCtes(int count) {
        return "WITH "
                + IntStream.rangeClosed(1, count)
                        .mapToObj(i -> "c" + i + " AS (SELECT " + i + " v)")
                        .collect(Collectors.joining(", "))
                + " SELECT 1";
    }

    /** A query {@code depth} blocks deep: derived tables around a one-column SELECT. */
    static String nestedDerivedTables(int depth) {
        String sql = "SELECT 1 v";
        for (int level = 1; level < depth; level++) sql = "SELECT v FROM (" + sql + ") s" + level;
        return sql;
    }

    static String leftJoinChain(int relations) {
        StringBuilder sql = new StringBuilder("SELECT e0.id FROM employees e0");
        for (int i = 1; i < relations; i++) {
            sql.append(" LEFT JOIN employees e")
                    .append(i)
                    .append(" ON (e")
                    .append(i)
                    .append(".id = e")
                    .append(i - 1)
                    .append(".id)");
        }
        return sql.toString();
    }

    static String unionAll(int operations) {
        return IntStream.rangeClosed(0, operations)
                .mapToObj(i -> "SELECT " + i)
                .collect(Collectors.joining(" UNION ALL "));
    }

    /** {@code levels} derived tables, each adding its column to itself. */
    static String doublingDerivedTables(int levels) {
        String sql = "SELECT 1 v";
        for (int level = 1; level <= levels; level++) sql = "SELECT v + v v FROM (" + sql + ") s" + level;
        return sql;
    }

    static String doublingCtes(int levels) {
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

    @Test
    void givenCtes_whenChecked_thenUpToTheBudgetPass() {
        assertThat(guard.check(unusedCtes(StructuralBudget.DEFAULT_MAX_CTES)).allowed())
                .isTrue();
        assertThat(guard.check(unusedCtes(StructuralBudget.DEFAULT_MAX_CTES + 1))
                        .reason())
                .isEqualTo(
                        "statement too complex (more than 32 common table expressions; budget GENERATION_SQL_MAX_CTES)");
    }

    @Test
    void givenNestedQueries_whenChecked_thenUpToTheBudgetPass() {
        assertThat(guard.check(nestedDerivedTables(StructuralBudget.DEFAULT_MAX_QUERY_DEPTH))
                        .allowed())
                .isTrue();
        assertThat(guard.check(nestedDerivedTables(StructuralBudget.DEFAULT_MAX_QUERY_DEPTH + 1))
                        .reason())
                .isEqualTo("statement too complex (more than 16 levels of nested queries;"
                        + " budget GENERATION_SQL_MAX_QUERY_DEPTH)");
    }

    @Test
    void givenAJoinChain_whenChecked_thenUpToTheBudgetPass() {
        assertThat(guard.check(leftJoinChain(StructuralBudget.DEFAULT_MAX_RELATIONS))
                        .allowed())
                .isTrue();
        assertThat(guard.check(leftJoinChain(StructuralBudget.DEFAULT_MAX_RELATIONS + 1))
                        .reason())
                .isEqualTo(
                        "statement too complex (more than 40 joined relations; budget GENERATION_SQL_MAX_RELATIONS)");
    }

    @Test
    void givenRelationsSpreadOverParenthesesSubqueriesAndBranches_whenChecked_thenTheyAddUp() {
        String group = "(employees a JOIN (employees b JOIN employees c ON true) ON true)";
        String branch =
                "SELECT 1 FROM " + IntStream.range(0, 5).mapToObj(i -> group).collect(Collectors.joining(", "))
                        + " WHERE EXISTS (SELECT 1 FROM employees x, employees y)"; // 17 relations
        String sql = IntStream.range(0, 4).mapToObj(i -> branch).collect(Collectors.joining(" UNION ALL ")); // 68

        assertThat(guard.check(branch).allowed()).isTrue();
        assertThat(guard.check(sql).reason()).contains("budget GENERATION_SQL_MAX_RELATIONS");
    }

    @Test
    void givenSetOperations_whenChecked_thenUpToTheBudgetPass() {
        assertThat(guard.check(unionAll(StructuralBudget.DEFAULT_MAX_SET_OPERATIONS))
                        .allowed())
                .isTrue();
        assertThat(guard.check(unionAll(StructuralBudget.DEFAULT_MAX_SET_OPERATIONS + 1))
                        .reason())
                .isEqualTo("statement too complex (more than 64 UNION/INTERSECT/EXCEPT operations;"
                        + " budget GENERATION_SQL_MAX_SET_OPERATIONS)");
    }

    /** The estimates: 11 derived tables 8,178, 12 16,369; 10 CTEs 6,130, 11 12,273. */
    @Test
    void givenColumnsDoubledAtEveryLevel_whenChecked_thenTheLevelsWithinThePlanSizeBudgetPass() {
        String refused = "statement too complex (more than 10000 expression nodes once CTEs and subqueries are"
                + " inlined; budget GENERATION_SQL_MAX_PLAN_SIZE)";

        assertThat(guard.check(doublingDerivedTables(11)).allowed()).isTrue();
        assertThat(guard.check(doublingDerivedTables(12)).reason()).isEqualTo(refused);
        assertThat(guard.check(doublingCtes(10)).allowed()).isTrue();
        assertThat(guard.check(doublingCtes(11)).reason()).isEqualTo(refused);
        assertThat(guard.check(doublingCtes(21)).reason()).isEqualTo(refused);
    }

    @Test
    void givenBudgetsFromSettings_whenChecked_thenTheGuardHoldsStatementsToThem() {
        StructuralBudget tight = new StructuralBudget(1, 2, 3, 1, 100);
        ReadOnlySafetyGuard tightGuard = new ReadOnlySafetyGuard(StatementLimits.DEFAULT, tight);

        assertThat(tightGuard.check(leftJoinChain(3)).allowed()).isTrue();
        assertThat(tightGuard.check(leftJoinChain(4)).reason()).contains("more than 3 joined relations");
        assertThat(tightGuard.check(unusedCtes(2)).reason()).contains("more than 1 common table expressions");
        assertThat(tightGuard.check(nestedDerivedTables(3)).reason()).contains("more than 2 levels");
        assertThat(tightGuard.check(unionAll(2)).reason()).contains("more than 1 UNION/INTERSECT/EXCEPT");
        assertThat(tightGuard.check("SELECT " + "1 + ".repeat(49) + "1").allowed())
                .isTrue(); // 99 nodes
        assertThat(tightGuard.check("SELECT " + "1 + ".repeat(50) + "1").reason())
                .contains("more than 100 expression nodes");
    }

    @Test
    void givenANegativeBudget_whenCreated_thenRefused() {
        assertThatThrownBy(() -> new StructuralBudget(-1, 16, 64, 64, 10_000))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
