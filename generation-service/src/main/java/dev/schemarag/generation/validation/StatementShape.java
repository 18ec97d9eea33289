package dev.schemarag.generation.validation;

import java.util.List;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableStatement;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * What a parsed query costs PostgreSQL's planner, counted over the whole statement (every query block, CTE and
 * subquery, parenthesised or not), for {@link StructuralBudget} to bound.
 *
 * @param ctes the WITH list entries
 * @param queryDepth the deepest nesting of query blocks (SELECT, VALUES, TABLE): 1 for a flat query, one more for
 *     each subquery, derived table or CTE body it sits in
 * @param relations the FROM and JOIN entries: tables, CTE references, derived tables, table functions
 * @param setOperations the UNION, INTERSECT and EXCEPT operators
 * @param planSize the {@link PlanSizeEstimate} of the expressions the planner builds
 */
record StatementShape(int ctes, int queryDepth, int relations, int setOperations, long planSize) {

    static StatementShape of(Select select) {
        int[] ctes = {0};
        int[] depth = {0};
        int[] deepest = {0};
        int[] relations = {0};
        int[] setOperations = {0};
        AstNodes.walk(select, new AstNodes.Visitor() {
            @Override
            public boolean enter(Object node) {
                if (node instanceof WithItem<?>) ctes[0]++;
                if (node instanceof SetOperationList list)
                    setOperations[0] += list.getOperations().size();
                if (isQueryBlock(node)) deepest[0] = Math.max(deepest[0], ++depth[0]);
                if (node instanceof PlainSelect block) {
                    relations[0] += relations(block.getFromItem()) + relations(block.getJoins());
                }
                if (node instanceof TableStatement) relations[0]++;
                return true;
            }

            @Override
            public void exit(Object node) {
                if (isQueryBlock(node)) depth[0]--;
            }
        });
        return new StatementShape(ctes[0], deepest[0], relations[0], setOperations[0], PlanSizeEstimate.of(select));
    }

    private static boolean isQueryBlock(Object node) {
        return node instanceof PlainSelect || node instanceof Values || node instanceof TableStatement;
    }

    /** A parenthesised join counts the entries inside it, not itself: {@code (a JOIN b) JOIN c} has three. */
    private static int relations(FromItem item) {
        if (item == null) return 0;
        if (item instanceof ParenthesedFromItem nested)
            return relations(nested.getFromItem()) + relations(nested.getJoins());
        return 1;
    }

    private static int relations(List<Join> joins) {
        return joins == null
                ? 0
                : joins.stream().mapToInt(join -> relations(join.getFromItem())).sum();
    }
}
