package dev.schemarag.core.schema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A database's tables as one role may read them, from the privileges ingest recorded: every column of each table, and
 * the columns the role may SELECT. Decides whether a stored statement (a verified example, a documented query) stays
 * within what the role may read, from its recorded {@link SqlReads}, so that it is shown only to roles PostgreSQL would
 * let run it.
 *
 * <p>Fails closed, since the reads are over-approximated and a wrong yes leaks: a table name that names no known table
 * is refused, a bare name must be readable in every schema that has a table of that name, a column name counts against
 * every table read that has a column of that name (whichever table the statement meant), and whole rows need every
 * column. Names compare case-insensitively.
 */
public final class ReadableSchema {
    /** Per table: its columns, lower-case. */
    private final Map<TableName, Set<String>> columns;
    /** Per table the role may read: the columns it may read, lower-case; absent tables it may not read. */
    private final Map<TableName, Set<String>> readable;
    /** The tables by their bare name, lower-case. */
    private final Map<String, List<TableName>> byName;

    private ReadableSchema(Map<TableName, Set<String>> columns, Map<TableName, Set<String>> readable) {
        this.columns = columns;
        this.readable = readable;
        this.byName = columns.keySet().stream().collect(Collectors.groupingBy(t -> SqlReads.lower(t.table())));
    }

    /**
     * @param columns every column of each table of the database
     * @param access the recorded access of the tables; a table without any is readable by no role
     */
    public static ReadableSchema of(
            Map<TableName, ? extends List<String>> columns, Map<TableName, TableAccess> access, String role) {
        Map<TableName, Set<String>> all = new HashMap<>();
        Map<TableName, Set<String>> readable = new HashMap<>();
        columns.forEach((table, names) -> {
            all.put(table, lowerCase(names));
            List<String> granted = access.getOrDefault(table, TableAccess.NONE).columns(role);
            if (!granted.isEmpty()) readable.put(table, lowerCase(granted));
        });
        return new ReadableSchema(all, readable);
    }

    /** Whether the role may read everything {@code reads} touches. */
    public boolean permits(SqlReads reads) {
        Set<String> referenced = reads.columnSet();
        for (String name : reads.tables()) {
            List<TableName> tables = tablesNamed(name);
            if (tables.isEmpty()) return false;
            for (TableName table : tables) {
                Set<String> granted = readable.get(table);
                if (granted == null) return false;
                Set<String> all = columns.get(table);
                if (reads.wholeRows() && !granted.containsAll(all)) return false;
                for (String column : referenced) if (all.contains(column) && !granted.contains(column)) return false;
            }
        }
        return true;
    }

    /** The tables a name read by a statement may denote: the one it qualifies, or every table of a bare name. */
    private List<TableName> tablesNamed(String name) {
        int dot = name.lastIndexOf('.');
        List<TableName> named = byName.getOrDefault(name.substring(dot + 1), List.of());
        return dot < 0
                ? named
                : named.stream()
                        .filter(t -> SqlReads.lower(t.toString()).equals(name))
                        .toList();
    }

    private static Set<String> lowerCase(List<String> names) {
        return names.stream().map(SqlReads::lower).collect(Collectors.toUnmodifiableSet());
    }
}
