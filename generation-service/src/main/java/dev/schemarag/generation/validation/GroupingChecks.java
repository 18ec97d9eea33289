package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Aggregation rules for one query level: plain columns next to aggregates need a GROUP BY, and with a GROUP BY
 * every plain column in the SELECT list should be grouped. Warnings only: PostgreSQL accepts columns that are
 * functionally dependent on a grouped primary key.
 */
final class GroupingChecks {

    private GroupingChecks() {}

    static List<LintIssue> check(QueryBlock block) {
        List<SelectItem<?>> items = block.select().getSelectItems();
        boolean aggregates = false;
        List<List<Column>> bareColumnsPerItem = new ArrayList<>();
        for (SelectItem<?> item : items) {
            ItemColumns found = scan(item.getExpression());
            aggregates |= found.aggregate;
            bareColumnsPerItem.add(found.bare);
        }
        GroupByElement groupBy = block.select().getGroupBy();
        if (groupBy == null) {
            Set<String> bare = new LinkedHashSet<>();
            bareColumnsPerItem.forEach(columns -> columns.forEach(c -> bare.add(c.getFullyQualifiedName())));
            if (!aggregates || bare.isEmpty()) return List.of();
            return List.of(LintIssue.of(
                    LintCode.AGGREGATE_WITHOUT_GROUPBY,
                    "aggregate mixed with " + String.join(", ", bare)
                            + " without GROUP BY; group by them or aggregate them"));
        }
        Grouping grouping = Grouping.of(groupBy);
        List<LintIssue> issues = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            SelectItem<?> item = items.get(i);
            if (grouping.groupsWholeItem(item, i + 1)) continue;
            for (Column column : bareColumnsPerItem.get(i)) {
                if (!grouping.groups(column) && reported.add(column.getFullyQualifiedName())) {
                    issues.add(LintIssue.of(
                            LintCode.NON_AGGREGATE_IN_SELECT,
                            column.getFullyQualifiedName() + " is selected but neither aggregated nor in GROUP BY"));
                }
            }
        }
        return issues;
    }

    private record ItemColumns(boolean aggregate, List<Column> bare) {}

    /** Plain column references of a SELECT item, outside aggregate calls and nested queries. */
    private static ItemColumns scan(Expression expression) {
        boolean[] aggregate = new boolean[1];
        List<Column> bare = new ArrayList<>();
        AstNodes.walkWithin(expression, Select.class, node -> {
            if (node instanceof Function call && !(node instanceof AnalyticExpression) && isAggregate(call)) {
                aggregate[0] = true;
                return false;
            }
            if (node instanceof Column column) {
                bare.add(column);
                return false;
            }
            return true;
        });
        return new ItemColumns(aggregate[0], bare);
    }

    private static boolean isAggregate(Function call) {
        return call.getName() != null && PostgresFunctions.isAggregate(Identifiers.normalize(call.getName()));
    }

    /** What a GROUP BY clause groups: columns, whole expressions, output positions and output aliases. */
    private record Grouping(
            Set<String> columnNames, Set<String> qualifiedColumns, Set<String> expressions, Set<Long> positions) {

        static Grouping of(GroupByElement groupBy) {
            Set<String> names = new HashSet<>();
            Set<String> qualified = new HashSet<>();
            Set<String> expressions = new HashSet<>();
            Set<Long> positions = new HashSet<>();
            if (groupBy.getGroupByExpressionList() != null) {
                for (Object expression : groupBy.getGroupByExpressionList()) {
                    if (expression instanceof LongValue position) positions.add(position.getValue());
                    expressions.add(text(expression));
                }
            }
            AstNodes.walk(groupBy, node -> {
                if (node instanceof Column column) {
                    names.add(Identifiers.normalize(column.getColumnName()));
                    if (column.getTable() != null && column.getTable().getName() != null) {
                        qualified.add(key(column));
                    }
                    return false;
                }
                return true;
            });
            return new Grouping(names, qualified, expressions, positions);
        }

        boolean groupsWholeItem(SelectItem<?> item, long position) {
            if (positions.contains(position) || expressions.contains(text(item.getExpression()))) return true;
            return Optional.ofNullable(item.getAlias())
                    .map(Alias::getName)
                    .map(Identifiers::normalize)
                    .filter(columnNames::contains)
                    .isPresent();
        }

        /** A qualified column matches the same qualified reference or an unqualified one of the same name. */
        boolean groups(Column column) {
            String name = Identifiers.normalize(column.getColumnName());
            if (!columnNames.contains(name)) return false;
            boolean qualifiedHere =
                    column.getTable() != null && column.getTable().getName() != null;
            return !qualifiedHere
                    || qualifiedColumns.contains(key(column))
                    || qualifiedColumns.stream().noneMatch(q -> q.endsWith("." + name));
        }

        private static String key(Column column) {
            return Identifiers.normalize(column.getTable().getName()) + "."
                    + Identifiers.normalize(column.getColumnName());
        }

        private static String text(Object expression) {
            return String.valueOf(expression).toLowerCase(Locale.ROOT).replaceAll("\\s+", "");
        }
    }
}
