package dev.schemarag.generation.examples;

import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.generation.validation.ColumnReads;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an example's SQL reads, parsed once when the example is stored, so that a schema change re-checks only the
 * examples it can break. Over-approximated as {@link ColumnReads} is: every column name referenced anywhere.
 *
 * @param tables {@code schema.table}, or {@code table} where the SQL does not qualify it; empty when it did not parse
 * @param columns column names, lower-case, sorted
 * @param wholeRows whether it reads whole rows ({@code *}, {@code t.*}, a row as a value); true when not known
 * @param parsed false when the SQL does not parse: then it may read anything, and every change touches it
 */
public record ExampleDependencies(List<String> tables, List<String> columns, boolean wholeRows, boolean parsed) {

    public ExampleDependencies {
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
    }

    public static ExampleDependencies of(String sql) {
        ColumnReads reads = ColumnReads.of(sql);
        return new ExampleDependencies(
                reads.tables(), reads.columns().stream().sorted().toList(), reads.wholeRows(), reads.parsed());
    }

    /**
     * As stored for a re-check, which needs the tables only: null tables mean the SQL was not parsed (a row stored
     * before dependencies were).
     */
    public static ExampleDependencies stored(List<String> tables, List<String> columns) {
        return tables == null
                ? new ExampleDependencies(List.of(), List.of(), true, false)
                : new ExampleDependencies(tables, columns == null ? List.of() : columns, true, true);
    }

    /**
     * What a role must be able to read to be shown the example, as stored: tables lower-case, so that {@link
     * #lookupNames} finds them; empty when the SQL did not parse.
     */
    public Optional<SqlReads> reads() {
        return parsed ? Optional.of(new SqlReads(tables, columns, wholeRows)) : Optional.empty();
    }

    /**
     * Whether a change of {@code schema.table} can break the example: its SQL reads that table, by its qualified or
     * its bare name (a bare name resolves through the reader's search path, so any schema's table of that name
     * counts). Names compare case-insensitively: a needless re-check costs one EXPLAIN, a missed one a stale example.
     */
    public boolean touchedBy(String schema, String table) {
        if (!parsed) return true;
        String bare = table.toLowerCase(Locale.ROOT);
        String qualified = schema.toLowerCase(Locale.ROOT) + "." + bare;
        return tables.stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .anyMatch(t -> t.equals(qualified) || t.equals(bare));
    }

    /** The names a store matches {@link #touchedBy} with, for an indexed lookup: the qualified and the bare name. */
    public static List<String> lookupNames(String schema, String table) {
        return List.of((schema + "." + table).toLowerCase(Locale.ROOT), table.toLowerCase(Locale.ROOT));
    }
}
