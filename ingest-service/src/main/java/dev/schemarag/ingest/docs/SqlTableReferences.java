package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.TableName;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds which known tables a piece of documentation names. SQL is scanned for the identifier after each
 * {@code FROM} or {@code JOIN}; anything that is not a known table (CTEs, aliases, functions) falls away, which is
 * why a regular expression is enough here and no SQL parser is needed.
 */
final class SqlTableReferences {
    private static final String IDENTIFIER = "[A-Za-z_][A-Za-z0-9_$]*";
    private static final Pattern FROM_OR_JOIN =
            Pattern.compile("(?i)\\b(?:from|join)\\s+\"?(" + IDENTIFIER + ")\"?(?:\\.\"?(" + IDENTIFIER + ")\"?)?");
    private static final Pattern NAME = Pattern.compile(IDENTIFIER + "(?:\\." + IDENTIFIER + ")?");

    private final String defaultSchema;
    private final Set<TableName> knownTables;

    SqlTableReferences(String defaultSchema, Set<TableName> knownTables) {
        this.defaultSchema = defaultSchema;
        this.knownTables = Set.copyOf(knownTables);
    }

    /** The known tables that {@code sql} reads from, sorted. */
    Set<TableName> inSql(String sql) {
        Set<TableName> tables = new TreeSet<>();
        Matcher m = FROM_OR_JOIN.matcher(sql);
        while (m.find()) {
            String name = m.group(2) == null ? m.group(1) : m.group(1) + "." + m.group(2);
            known(name).ifPresent(tables::add);
        }
        return tables;
    }

    /**
     * The table a doc names explicitly (a relationship target), when the name is shaped like a table name: the
     * known table it denotes; else, for {@code departments.department_id}, the known table before the dot; else
     * the name itself, taken in the default schema when unqualified.
     */
    Optional<TableName> named(String name) {
        String trimmed = name.strip();
        if (!NAME.matcher(trimmed).matches()) return Optional.empty();
        int dot = trimmed.indexOf('.');
        return known(trimmed)
                .or(() -> dot < 0 ? Optional.empty() : known(trimmed.substring(0, dot)))
                .or(() -> Optional.of(TableName.parse(trimmed, defaultSchema)));
    }

    /**
     * Unquoted SQL names are case-insensitive. A qualified name must name a known table; a bare one prefers the
     * default schema, then the first schema (alphabetically) that has a table of that name.
     */
    private Optional<TableName> known(String name) {
        TableName parsed = TableName.parse(name, defaultSchema);
        return knownTables.stream()
                .filter(t -> t.table().equalsIgnoreCase(parsed.table()))
                .filter(t -> !name.contains(".") || t.schema().equalsIgnoreCase(parsed.schema()))
                .min(Comparator.comparing((TableName t) -> !t.schema().equalsIgnoreCase(defaultSchema))
                        .thenComparing(Comparator.naturalOrder()));
    }
}
