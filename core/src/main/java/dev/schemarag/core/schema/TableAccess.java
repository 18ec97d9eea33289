package dev.schemarag.core.schema;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Who may read a table, as recorded for the roles a database's principals are mapped to: for each such role that may
 * SELECT at least one column, those columns (a table-level grant lists them all); and whether row-level security
 * filters its rows, by which policies. A role absent from {@code readers} may read nothing of the table.
 */
public record TableAccess(Map<String, List<String>> readers, boolean rowSecurity, List<String> policies) {
    /** Nothing recorded: no mapped role may read the table, and no row-level security. */
    public static final TableAccess NONE = new TableAccess(Map.of(), false, List.of());

    public TableAccess {
        Map<String, List<String>> sorted = new TreeMap<>();
        readers.forEach((role, columns) -> {
            if (!columns.isEmpty()) sorted.put(role, List.copyOf(columns));
        });
        readers = Collections.unmodifiableMap(sorted);
        policies = policies.stream().sorted().toList();
    }

    /** Whether {@code role} may read at least one column. */
    public boolean readableBy(String role) {
        return readers.containsKey(role);
    }

    /** The columns {@code role} may read; empty when none. */
    public List<String> columns(String role) {
        return readers.getOrDefault(role, List.of());
    }
}
