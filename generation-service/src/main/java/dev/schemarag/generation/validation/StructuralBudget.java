package dev.schemarag.generation.validation;

import dev.schemarag.core.config.Setting;
import java.util.Optional;

/**
 * How large a query's structure may be before the guard refuses it, counted on the parsed statement
 * ({@link StatementShape}), since EXPLAIN plans a statement and statement_timeout does not stop every costly step of
 * planning: on PostgreSQL 15, 339 chained LEFT JOINs planned for 63 s, 256 inner joins ON true for 24 s, and 21
 * levels of CTEs each doubling an expression took over 3 GB. Each default sits above what the shared benchmarks'
 * gold queries need (at most 7 CTEs, 3 levels, 31 relations, 4 set operations, a plan size estimate of 855) and
 * keeps the attacks measured there short: 64 LEFT JOINs planned in 0.2 s and 64 inner joins ON true in 0.6 s, but
 * 64 inner joins on one equality chain planned for the whole 5 s timeout and reached 256 MB, hence 40 relations;
 * the longest doubling chain allowed (11 nested derived tables, estimated at 8,178 nodes) plans in 21 ms and 3 MB.
 *
 * @param maxCtes most WITH list entries in the whole statement
 * @param maxQueryDepth deepest nesting of query blocks (subqueries, derived tables, CTE bodies)
 * @param maxRelations most FROM and JOIN entries in the whole statement
 * @param maxSetOperations most UNION, INTERSECT and EXCEPT operators in the whole statement
 * @param maxPlanSize largest {@link PlanSizeEstimate} of the planned expressions
 */
public record StructuralBudget(
        int maxCtes, int maxQueryDepth, int maxRelations, int maxSetOperations, int maxPlanSize) {

    public static final String MAX_CTES_KEY = "generation.sql.max.ctes";
    public static final String MAX_QUERY_DEPTH_KEY = "generation.sql.max.query.depth";
    public static final String MAX_RELATIONS_KEY = "generation.sql.max.relations";
    public static final String MAX_SET_OPERATIONS_KEY = "generation.sql.max.set.operations";
    public static final String MAX_PLAN_SIZE_KEY = "generation.sql.max.plan.size";

    public static final int DEFAULT_MAX_CTES = 32;
    public static final int DEFAULT_MAX_QUERY_DEPTH = 16;
    public static final int DEFAULT_MAX_RELATIONS = 40;
    public static final int DEFAULT_MAX_SET_OPERATIONS = 64;
    public static final int DEFAULT_MAX_PLAN_SIZE = 10_000;

    public static final StructuralBudget DEFAULT = new StructuralBudget(
            DEFAULT_MAX_CTES,
            DEFAULT_MAX_QUERY_DEPTH,
            DEFAULT_MAX_RELATIONS,
            DEFAULT_MAX_SET_OPERATIONS,
            DEFAULT_MAX_PLAN_SIZE);

    public StructuralBudget {
        if (maxCtes < 0 || maxQueryDepth < 1 || maxRelations < 1 || maxSetOperations < 0 || maxPlanSize < 1) {
            throw new IllegalArgumentException("structural budgets out of range: " + this);
        }
    }

    /** The first budget {@code shape} exceeds, as a reason starting with {@link StatementLimits#TOO_COMPLEX}. */
    Optional<String> violation(StatementShape shape) {
        return exceeded(shape.ctes(), maxCtes, "common table expressions", MAX_CTES_KEY)
                .or(() -> exceeded(shape.queryDepth(), maxQueryDepth, "levels of nested queries", MAX_QUERY_DEPTH_KEY))
                .or(() -> exceeded(shape.relations(), maxRelations, "joined relations", MAX_RELATIONS_KEY))
                .or(() -> exceeded(
                        shape.setOperations(),
                        maxSetOperations,
                        "UNION/INTERSECT/EXCEPT operations",
                        MAX_SET_OPERATIONS_KEY))
                .or(() -> exceeded(
                        shape.planSize(),
                        maxPlanSize,
                        "expression nodes once CTEs and subqueries are inlined",
                        MAX_PLAN_SIZE_KEY));
    }

    private static Optional<String> exceeded(long value, int budget, String what, String key) {
        if (value <= budget) return Optional.empty();
        return Optional.of(StatementLimits.TOO_COMPLEX + " (more than " + budget + " " + what + "; budget "
                + Setting.environmentVariable(key) + ")");
    }
}
