package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableStatement;
import net.sf.jsqlparser.statement.select.Values;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * Estimates how many expression nodes PostgreSQL's planner builds for a query. Before it plans, PostgreSQL inlines
 * CTEs referenced once and pulls derived tables up into the query around them, replacing every reference to their
 * columns by the column's expression, and it does this while EXPLAIN runs, beyond the reach of statement_timeout. So a
 * column referenced twice per level ({@code SELECT v + v v FROM (SELECT v + v v FROM ...)}) doubles the planned
 * expression at every level: 21 levels of a 736-character statement took over 3 GB of the server's memory.
 * <p>
 * The estimate follows that substitution: each output column of a query is worth the nodes of its expression, a
 * reference to a column of a CTE, derived table or VALUES list being worth that column's own estimate and a reference
 * to anything else (a base table's column) 1. A query is worth the nodes of all its clauses, its subqueries included.
 * It is an upper bound: it assumes every CTE and derived table is inlined, and a reference whose source it cannot tell
 * apart takes the largest candidate.
 */
final class PlanSizeEstimate {

    /** Sizes stop growing here, far above any budget, so that no sum overflows. */
    private static final long CEILING = Long.MAX_VALUE / 4;

    private PlanSizeEstimate() {}

    /** The estimated number of expression nodes the planner handles for {@code select}. */
    static long of(Select select) {
        return query(select, new Scope(null)).size();
    }

    /** One output column: its name (null when this estimate cannot tell it, so any name may mean it) and size. */
    private record OutputColumn(String name, long size) {}

    /**
     * The columns a query or FROM entry exposes; {@code open} when it may have more columns than listed, each worth
     * 1 (a base table, whose columns this estimate does not know).
     */
    private record Columns(List<OutputColumn> known, boolean open) {

        static final Columns BASE_TABLE = new Columns(List.of(), true);

        /** The largest estimate {@code name} can refer to here, or empty when it names none of these columns. */
        Optional<Long> sizeOf(String name) {
            Optional<Long> match = known.stream()
                    .filter(c -> c.name() == null || c.name().equals(name))
                    .map(OutputColumn::size)
                    .max(Long::compare);
            return match.isPresent() || !open ? match : Optional.of(1L);
        }

        /** The same columns renamed by a column alias list such as {@code AS s(a, b)}. */
        Columns renamed(List<String> names) {
            if (names.isEmpty()) return this;
            List<OutputColumn> renamed = new ArrayList<>();
            for (int i = 0; i < known.size(); i++) {
                renamed.add(new OutputColumn(
                        i < names.size() ? names.get(i) : known.get(i).name(),
                        known.get(i).size()));
            }
            return new Columns(renamed, open);
        }
    }

    /** A query's output columns and its own estimate, every clause and subquery in it included. */
    private record Query(Columns columns, long size) {}

    /** A FROM entry as a column qualifier sees it: the name it exposes (null for none) and its columns. */
    private record Source(String name, Columns columns) {}

    /** The names one query level can see: its CTEs and FROM entries, then those of the levels around it. */
    private static final class Scope {
        private final Scope enclosing;
        private final Map<String, Columns> ctes = new HashMap<>();
        private final List<Source> sources = new ArrayList<>();

        Scope(Scope enclosing) {
            this.enclosing = enclosing;
        }

        Optional<Columns> cte(String name) {
            for (Scope s = this; s != null; s = s.enclosing) {
                Columns columns = s.ctes.get(name);
                if (columns != null) return Optional.of(columns);
            }
            return Optional.empty();
        }

        /** The estimate of a column reference: through its qualifier, else the nearest level having such a column. */
        long resolve(Column column) {
            String name = Identifiers.normalize(column.getColumnName());
            Table qualifier = column.getTable();
            if (qualifier != null && qualifier.getName() != null) {
                String table = Identifiers.normalize(qualifier.getName());
                for (Scope s = this; s != null; s = s.enclosing) {
                    for (Source source : s.sources) {
                        if (table.equals(source.name()))
                            return source.columns().sizeOf(name).orElse(1L);
                    }
                }
                return 1;
            }
            for (Scope s = this; s != null; s = s.enclosing) {
                Optional<Long> size = s.sources.stream()
                        .map(source -> source.columns().sizeOf(name))
                        .flatMap(Optional::stream)
                        .max(Long::compare);
                if (size.isPresent()) return size.get();
            }
            return 1;
        }
    }

    /** A query's estimate: its WITH list's CTE bodies (planned whether or not they are inlined) and its body. */
    private static Query query(Select select, Scope enclosing) {
        List<WithItem<?>> withItems = select.getWithItemsList();
        if (withItems == null || withItems.isEmpty()) return body(select, enclosing);
        Scope scope = new Scope(enclosing);
        long size = 0;
        for (WithItem<?> with : withItems) {
            if (with.getSelect() == null || with.getAliasName() == null) continue;
            Query cte = query(with.getSelect(), scope); // each CTE sees those declared before it
            List<String> names = with.getWithItemList() == null
                    ? List.of()
                    : with.getWithItemList().stream()
                            .map(PlanSizeEstimate::outputName)
                            .toList();
            scope.ctes.put(
                    Identifiers.normalize(with.getAliasName()), cte.columns().renamed(names));
            size = add(size, cte.size());
        }
        Query body = body(select, scope);
        return new Query(body.columns(), add(size, body.size()));
    }

    private static Query body(Select select, Scope scope) {
        if (select instanceof ParenthesedSelect parenthesed) return query(parenthesed.getSelect(), scope);
        if (select instanceof PlainSelect plain) return block(plain, scope);
        if (select instanceof SetOperationList setOperation) return setOperation(setOperation, scope);
        if (select instanceof Values values) return values(values, scope);
        if (select instanceof TableStatement table) return new Query(tableColumns(table.getTable(), scope), 1);
        return new Query(Columns.BASE_TABLE, nodes(select, scope));
    }

    private static Query block(PlainSelect select, Scope enclosing) {
        Scope scope = new Scope(enclosing);
        long size = 0;
        List<Expression> conditions = new ArrayList<>();
        size = add(size, addSource(select.getFromItem(), scope, conditions));
        if (select.getJoins() != null) size = add(size, addJoins(select.getJoins(), scope, conditions));
        for (Expression condition : conditions) size = add(size, nodes(condition, scope));

        List<OutputColumn> columns = new ArrayList<>();
        boolean open = false;
        for (SelectItem<?> item : select.getSelectItems()) {
            Expression expression = item.getExpression();
            if (expression instanceof AllTableColumns star) {
                Columns all = qualifiedColumns(star.getTable(), scope);
                columns.addAll(all.known());
                open |= all.open();
            } else if (expression instanceof AllColumns) {
                for (Source source : scope.sources) {
                    columns.addAll(source.columns().known());
                    open |= source.columns().open();
                }
            } else {
                long itemSize = nodes(expression, scope);
                columns.add(new OutputColumn(outputName(item), itemSize));
                size = add(size, itemSize);
            }
        }
        for (Object clause : clauses(select)) size = add(size, nodes(clause, scope));
        return new Query(new Columns(columns, open), size);
    }

    /** The clauses of a block other than FROM and the select list, as planned expressions. */
    private static List<Object> clauses(PlainSelect select) {
        List<Object> clauses = new ArrayList<>();
        clauses.add(select.getWhere());
        clauses.add(select.getGroupBy());
        clauses.add(select.getHaving());
        clauses.add(select.getQualify());
        clauses.add(select.getWindowDefinitions());
        clauses.add(select.getDistinct());
        clauses.add(select.getOrderByElements());
        clauses.add(select.getLimit());
        clauses.add(select.getOffset());
        clauses.add(select.getFetch());
        return clauses;
    }

    private static long addJoins(List<Join> joins, Scope scope, List<Expression> conditions) {
        long size = 0;
        for (Join join : joins) {
            size = add(size, addSource(join.getFromItem(), scope, conditions));
            if (join.getOnExpressions() != null) conditions.addAll(join.getOnExpressions());
            if (join.getUsingColumns() != null) conditions.addAll(join.getUsingColumns());
        }
        return size;
    }

    /** Adds a FROM entry to the scope and returns the estimate of what it holds (a derived table's own clauses). */
    private static long addSource(FromItem item, Scope scope, List<Expression> conditions) {
        if (item == null) return 0;
        String alias = aliasName(item.getAlias()).orElse(null);
        List<String> aliasColumns = aliasColumns(item.getAlias());
        if (item instanceof Table table) {
            String name = Identifiers.normalize(table.getName());
            scope.sources.add(new Source(
                    alias != null ? alias : name, tableColumns(table, scope).renamed(aliasColumns)));
            return 0;
        }
        if (item instanceof ParenthesedFromItem nested) {
            // The entries inside stay visible under their own names here (PostgreSQL hides them behind an alias); an
            // alias exposes all their columns.
            int first = scope.sources.size();
            long size = addSource(nested.getFromItem(), scope, conditions);
            if (nested.getJoins() != null) size = add(size, addJoins(nested.getJoins(), scope, conditions));
            if (alias != null) {
                List<Source> inner = List.copyOf(scope.sources.subList(first, scope.sources.size()));
                scope.sources.add(new Source(alias, concatenated(inner).renamed(aliasColumns)));
            }
            return size;
        }
        if (item instanceof Select select) {
            // LATERAL or not, the scope of a derived table here includes its siblings: an over-estimate at worst.
            Query derived = query(select, scope);
            scope.sources.add(new Source(alias, derived.columns().renamed(aliasColumns)));
            return derived.size();
        }
        long size = nodes(item, scope); // a table function: its arguments are planned expressions
        scope.sources.add(new Source(alias, Columns.BASE_TABLE));
        return size;
    }

    private static Columns concatenated(List<Source> sources) {
        List<OutputColumn> columns = new ArrayList<>();
        boolean open = false;
        for (Source source : sources) {
            columns.addAll(source.columns().known());
            open |= source.columns().open();
        }
        return new Columns(columns, open);
    }

    /** A table reference: the CTE of that name when one is visible and the name is unqualified, else a base table. */
    private static Columns tableColumns(Table table, Scope scope) {
        if (table.getSchemaName() != null || table.getName() == null) return Columns.BASE_TABLE;
        return scope.cte(Identifiers.normalize(table.getName())).orElse(Columns.BASE_TABLE);
    }

    private static Columns qualifiedColumns(Table qualifier, Scope scope) {
        if (qualifier == null || qualifier.getName() == null) return Columns.BASE_TABLE;
        String name = Identifiers.normalize(qualifier.getName());
        for (Scope s = scope; s != null; s = s.enclosing) {
            for (Source source : s.sources) {
                if (name.equals(source.name())) return source.columns();
            }
        }
        return Columns.BASE_TABLE;
    }

    /** Branches are planned one by one; an output column may come from any branch, so it is worth their sum. */
    private static Query setOperation(SetOperationList setOperation, Scope scope) {
        long size = 0;
        List<OutputColumn> columns = new ArrayList<>();
        boolean open = false;
        for (Select branch : setOperation.getSelects()) {
            Query query = query(branch, scope);
            size = add(size, query.size());
            open |= query.columns().open();
            List<OutputColumn> known = query.columns().known();
            for (int i = 0; i < known.size(); i++) {
                if (i == columns.size()) {
                    columns.add(known.get(i));
                } else {
                    OutputColumn sum = columns.get(i);
                    columns.set(
                            i,
                            new OutputColumn(
                                    sum.name(), add(sum.size(), known.get(i).size())));
                }
            }
        }
        size = add(size, nodes(setOperation.getOrderByElements(), scope));
        return new Query(new Columns(columns, open), size);
    }

    /** A VALUES list: each column is worth the sum of its rows, and is named column1, column2, ... */
    private static Query values(Values values, Scope scope) {
        List<OutputColumn> columns = new ArrayList<>();
        long size = 0;
        for (Expression row : values.getExpressions()) {
            List<? extends Expression> cells = row instanceof ExpressionList<?> list ? list : List.of(row);
            for (int i = 0; i < cells.size(); i++) {
                long cell = nodes(cells.get(i), scope);
                size = add(size, cell);
                if (i == columns.size()) columns.add(new OutputColumn("column" + (i + 1), cell));
                else
                    columns.set(
                            i,
                            new OutputColumn(
                                    "column" + (i + 1), add(columns.get(i).size(), cell)));
            }
        }
        return new Query(new Columns(columns, false), size);
    }

    /**
     * The nodes of an expression or clause: 1 per expression node, a column reference worth its source column's
     * estimate, a subquery worth its own estimate.
     */
    private static long nodes(Object root, Scope scope) {
        if (root == null) return 0;
        long[] size = {0};
        AstNodes.walk(root, node -> {
            if (node instanceof Column column) {
                size[0] = add(size[0], scope.resolve(column));
                return false;
            }
            if (node instanceof Select select && node != root) {
                size[0] = add(size[0], query(select, scope).size());
                return false;
            }
            if (node instanceof Expression) size[0] = add(size[0], 1);
            return true;
        });
        return size[0];
    }

    /**
     * The name PostgreSQL gives an output column, when this estimate can tell: its alias, a column's name, a
     * function's name, a cast column's name. Otherwise null, which any reference may mean.
     */
    private static String outputName(SelectItem<?> item) {
        if (item.getAlias() != null && item.getAlias().getName() != null) {
            return Identifiers.normalize(item.getAlias().getName());
        }
        Expression expression = item.getExpression();
        if (expression instanceof CastExpression cast) expression = cast.getLeftExpression();
        if (expression instanceof Column column) return Identifiers.normalize(column.getColumnName());
        if (expression instanceof Function function && function.getMultipartName() != null) {
            List<String> parts = function.getMultipartName();
            return Identifiers.normalize(parts.get(parts.size() - 1));
        }
        return null;
    }

    private static Optional<String> aliasName(Alias alias) {
        return Optional.ofNullable(alias).map(Alias::getName).map(Identifiers::normalize);
    }

    private static List<String> aliasColumns(Alias alias) {
        if (alias == null || alias.getAliasColumns() == null) return List.of();
        return alias.getAliasColumns().stream()
                .map(c -> Identifiers.normalize(c.name))
                .toList();
    }

    private static long add(long a, long b) {
        return Math.min(CEILING, a + b);
    }
}
