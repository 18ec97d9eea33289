package dev.schemarag.generation.validation;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The columns of each table in a query's context, keyed by table name ("employee" or "hr.employee").
 * Lookups ignore case, and an unqualified name finds a qualified key when exactly one table has that name.
 */
public record SchemaColumns(Map<String, List<String>> columnsByTable) {

    public SchemaColumns {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        columnsByTable.forEach((table, columns) -> copy.put(table, List.copyOf(columns)));
        columnsByTable = Collections.unmodifiableMap(copy);
    }

    public static SchemaColumns of(Map<String, List<String>> columnsByTable) {
        return new SchemaColumns(columnsByTable);
    }

    /** Columns of catalog tables, keyed by their qualified name ({@code schema.table}). */
    public static SchemaColumns fromTables(Collection<Table> tables) {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        for (Table table : tables) {
            columns.put(
                    table.name().toString(),
                    table.columns().stream().map(Column::name).toList());
        }
        return new SchemaColumns(columns);
    }

    public static SchemaColumns empty() {
        return new SchemaColumns(Map.of());
    }

    public boolean isEmpty() {
        return columnsByTable.isEmpty();
    }

    /** The key under which {@code tableName} is known: an exact match, else the single key with that table part. */
    public Optional<String> resolveTable(String tableName) {
        String wanted = tableName.toLowerCase(Locale.ROOT);
        Optional<String> exact = columnsByTable.keySet().stream()
                .filter(key -> key.toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst();
        if (exact.isPresent()) return exact;
        List<String> byTablePart = columnsByTable.keySet().stream()
                .filter(key -> tablePart(key).toLowerCase(Locale.ROOT).equals(tablePart(wanted)))
                .toList();
        return byTablePart.size() == 1 ? Optional.of(byTablePart.get(0)) : Optional.empty();
    }

    /** The columns of a table known by {@code tableName}; empty when the table is not in the context. */
    public List<String> columnsOf(String tableName) {
        return resolveTable(tableName).map(columnsByTable::get).orElse(List.of());
    }

    public boolean hasColumn(String tableName, String column) {
        return columnsOf(tableName).stream().anyMatch(c -> c.equalsIgnoreCase(column));
    }

    private static String tablePart(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
