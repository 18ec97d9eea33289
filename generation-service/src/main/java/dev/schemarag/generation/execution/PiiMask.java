package dev.schemarag.generation.execution;

import dev.schemarag.generation.validation.ColumnReads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Withholds the values of result columns that may carry personal data, given the columns a database's annotations
 * mark {@code pii}: a column is masked when it reads a PII column, and, since nobody can tell what a computed column
 * ({@code upper(email)}, {@code email || ''}, a UNION's column) was made of, also when it has no source column and the
 * statement reads any PII column at all. Masked cells become null and their column says {@code masked}.
 * <p>
 * Annotation keys are {@code table.column} (that table in any schema) or {@code schema.table.column}, case-insensitive.
 * The statement reads a PII column when it reads its table and names a column of that name anywhere, or reads whole
 * rows; a statement that does not parse is taken to read every PII column.
 * <p>
 * PostgreSQL's error messages may quote a value ({@code invalid input syntax for type integer: "ann@example.com"}):
 * when the statement reads a PII column, the message of an error is withheld too, unless its SQLSTATE class is one
 * whose messages come from the statement's text or the server's state, never from the data.
 */
public final class PiiMask {
    public static final PiiMask NONE = new PiiMask(Set.of());
    /** Connection, syntax or access rule, resources, program limit, object state, operator intervention. */
    private static final Set<String> VALUE_FREE_CLASSES = Set.of("08", "42", "53", "54", "55", "57");

    private final List<PiiColumn> columns;

    /** @param piiColumns annotation keys of the PII columns */
    public PiiMask(Set<String> piiColumns) {
        this.columns = piiColumns.stream().map(PiiColumn::parse).toList();
    }

    /**
     * The outcome of {@code sql} with the cells of every masked column set to null, or the database's message withheld
     * when it may quote a PII value.
     */
    public ExecutionOutcome apply(String sql, ExecutionOutcome outcome) {
        if (columns.isEmpty()) return outcome;
        if (outcome instanceof ExecutionOutcome.Rows rows) return rows(rows, sql);
        if (outcome instanceof ExecutionOutcome.Rejected rejected
                && rejected.sqlState() != null
                && !valueFree(rejected.sqlState())
                && readsPii(sql))
            return new ExecutionOutcome.Rejected(
                    rejected.errorClass(),
                    rejected.sqlState(),
                    "the database refused the statement (SQLSTATE " + rejected.sqlState() + "); its message is"
                            + " withheld because the statement reads PII columns");
        return outcome;
    }

    private static boolean valueFree(String sqlState) {
        return sqlState.length() == 5 && VALUE_FREE_CLASSES.contains(sqlState.substring(0, 2));
    }

    private ExecutionOutcome.Rows rows(ExecutionOutcome.Rows rows, String sql) {
        List<ResultColumn> shown = new ArrayList<>();
        boolean[] masked = new boolean[rows.columns().size()];
        // The statement is parsed only for a column that comes from no table column (an expression, an aggregate).
        Boolean readsPii = null;
        for (int i = 0; i < masked.length; i++) {
            ResultColumn column = rows.columns().get(i);
            if (column.source().isPresent()) masked[i] = isPii(column.source().get());
            else {
                if (readsPii == null) readsPii = readsPii(sql);
                masked[i] = readsPii;
            }
            shown.add(masked[i] ? column.withheld() : column);
        }
        List<List<String>> cells =
                rows.rows().stream().map(row -> masked(row, masked)).toList();
        return new ExecutionOutcome.Rows(shown, cells, rows.truncated(), rows.executionMs(), rows.executedAs());
    }

    private static List<String> masked(List<String> row, boolean[] masked) {
        String[] cells = row.toArray(String[]::new);
        for (int i = 0; i < cells.length; i++) if (masked[i]) cells[i] = null;
        return Collections.unmodifiableList(Arrays.asList(cells));
    }

    /** Whether {@code source} ({@code schema.table.column}) is annotated PII. */
    boolean isPii(String source) {
        String[] parts = source.toLowerCase(Locale.ROOT).split("\\.", 3);
        return parts.length == 3
                && columns.stream()
                        .anyMatch(c -> c.table.equals(parts[1])
                                && c.column.equals(parts[2])
                                && c.schema.map(parts[0]::equals).orElse(true));
    }

    /** Whether {@code sql} may read a PII column anywhere: in its select list, a filter, a join, an aggregate. */
    boolean readsPii(String sql) {
        ColumnReads reads = ColumnReads.of(sql);
        if (!reads.parsed()) return true;
        Set<String> tables =
                reads.tables().stream().map(t -> t.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        return columns.stream()
                .anyMatch(c -> tables.stream().anyMatch(c::isTable)
                        && (reads.wholeRows() || reads.columns().contains(c.column)));
    }

    /** One annotated column; {@code schema} empty for a {@code table.column} key. */
    private record PiiColumn(Optional<String> schema, String table, String column) {
        static PiiColumn parse(String key) {
            String[] parts = key.strip().toLowerCase(Locale.ROOT).split("\\.");
            if (parts.length == 2) return new PiiColumn(Optional.empty(), parts[0], parts[1]);
            if (parts.length == 3) return new PiiColumn(Optional.of(parts[0]), parts[1], parts[2]);
            throw new IllegalArgumentException(
                    "a PII column is named table.column or schema.table.column, not '" + key + "'");
        }

        /**
         * Whether a table the statement names ({@code table} or {@code schema.table}, lower-case) may be this
         * column's: an unqualified name may resolve to any schema on the search path.
         */
        boolean isTable(String named) {
            int dot = named.lastIndexOf('.');
            if (!named.substring(dot + 1).equals(table)) return false;
            return dot < 0 || schema.map(named.substring(0, dot)::equals).orElse(true);
        }
    }
}
