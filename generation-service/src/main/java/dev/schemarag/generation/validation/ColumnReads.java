package dev.schemarag.generation.validation;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * What a statement reads, as far as column-level access goes, over-approximated: the tables it reads, the names of
 * every column it references anywhere (whatever their qualifier), and whether it reads whole rows: {@code *} in a
 * select list, {@code t.*} anywhere, or a FROM entry's name used as a value ({@code row_to_json(u)}). A bare
 * {@code *} as an argument ({@code count(*)}) reads no column.
 *
 * @param parsed false when the statement does not parse: then nothing is known about what it reads
 * @param tables {@code schema.table} or {@code table} names, as {@link SqlTables#readBy} gives them
 * @param columns column names, lower-case
 */
public record ColumnReads(boolean parsed, List<String> tables, Set<String> columns, boolean wholeRows) {

    public ColumnReads {
        tables = List.copyOf(tables);
        columns = Set.copyOf(columns);
    }

    public static ColumnReads of(String sql) {
        return ParsedStatement.parse(sql)
                .statement()
                .map(ColumnReads::of)
                .orElseGet(() -> new ColumnReads(false, List.of(), Set.of(), true));
    }

    private static ColumnReads of(Statement statement) {
        Set<String> rowNames = QueryBlocks.of(statement).stream()
                .flatMap(block -> block.relations().stream())
                .map(Relation::exposedName)
                .flatMap(Optional::stream)
                .map(ColumnReads::lowerCase)
                .collect(Collectors.toSet());
        Set<String> columns = new HashSet<>();
        boolean[] wholeRows = {false};
        AstNodes.walk(statement, node -> {
            if (node instanceof Column column) {
                String name = lowerCase(Identifiers.normalize(column.getColumnName()));
                columns.add(name);
                if (unqualified(column) && rowNames.contains(name)) wholeRows[0] = true;
                return false;
            }
            if (node instanceof AllTableColumns
                    || node instanceof SelectItem<?> item && item.getExpression() instanceof AllColumns)
                wholeRows[0] = true;
            return true;
        });
        return new ColumnReads(true, SqlTables.readBy(statement), columns, wholeRows[0]);
    }

    private static boolean unqualified(Column column) {
        return column.getTable() == null || column.getTable().getName() == null;
    }

    private static String lowerCase(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
