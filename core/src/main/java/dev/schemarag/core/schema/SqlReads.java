package dev.schemarag.core.schema;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a stored statement reads, as parsed when it was stored, over-approximated: the tables it reads, the name of
 * every column it references anywhere (whatever the qualifier, aliases included), and whether it reads whole rows
 * ({@code *}, {@code t.*}, a row used as a value).
 *
 * @param tables {@code schema.table}, or {@code table} where the statement does not qualify it; lower-case
 * @param columns column names, lower-case, sorted
 */
public record SqlReads(List<String> tables, List<String> columns, boolean wholeRows) {

    public SqlReads {
        tables = tables.stream().map(SqlReads::lower).distinct().sorted().toList();
        columns =
                List.copyOf(new TreeSet<>(columns.stream().map(SqlReads::lower).toList()));
    }

    /** The reads as a store holds them: null tables, columns or whole-rows flag mean they are not known. */
    public static Optional<SqlReads> stored(List<String> tables, List<String> columns, Boolean wholeRows) {
        return tables == null || columns == null || wholeRows == null
                ? Optional.empty()
                : Optional.of(new SqlReads(tables, columns, wholeRows));
    }

    /** The column names as a set, for lookups. */
    Set<String> columnSet() {
        return Set.copyOf(columns);
    }

    static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
