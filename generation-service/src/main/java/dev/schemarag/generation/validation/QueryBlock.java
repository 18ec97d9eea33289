package dev.schemarag.generation.validation;

import java.util.List;
import java.util.Optional;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * One SELECT ... FROM level of a query with what it can see: its own FROM entries and, through
 * {@code enclosing}, those of the queries it is nested in (correlated subqueries, LATERAL).
 * {@code columns} and {@code tableStars} are the column references written at this level, not in nested queries.
 */
record QueryBlock(
        PlainSelect select,
        Optional<QueryBlock> enclosing,
        List<Relation> relations,
        List<Join> joins,
        List<Column> columns,
        List<AllTableColumns> tableStars) {

    QueryBlock {
        relations = List.copyOf(relations);
        joins = List.copyOf(joins);
        columns = List.copyOf(columns);
        tableStars = List.copyOf(tableStars);
    }

    /** Whether {@code qualifier} names a FROM entry of this level or of an enclosing one. */
    boolean canSee(String qualifier) {
        for (Optional<QueryBlock> block = Optional.of(this); block.isPresent(); block = block.get().enclosing) {
            if (block.get().relations.stream()
                    .anyMatch(r -> r.exposedName().filter(qualifier::equals).isPresent())) {
                return true;
            }
        }
        return false;
    }
}
