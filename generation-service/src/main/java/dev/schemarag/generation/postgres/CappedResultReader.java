package dev.schemarag.generation.postgres;

import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.ResultColumn;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGResultSetMetaData;

/**
 * Reads one result through a cursor, {@code fetchSize} rows per round trip, and stops at the row cap or before the
 * row that would pass the byte cap (the UTF-8 bytes of the cells' text); {@code truncated} when a row was left
 * unread. Cells are PostgreSQL's own text output, as {@code getString} gives it (QueryExecutionIT compares them with
 * psql's for every common type). One reader per execution.
 */
final class CappedResultReader implements ReaderSessions.Query<ExecutionOutcome.Rows> {
    private final int maxRows;
    private final int maxBytes;
    private final int fetchSize;
    private final String executedAs;
    private long sentAt;

    CappedResultReader(int maxRows, int maxBytes, int fetchSize, String executedAs) {
        this.maxRows = maxRows;
        this.maxBytes = maxBytes;
        this.fetchSize = fetchSize;
        this.executedAs = executedAs;
    }

    @Override
    public void prepare(Statement statement) throws SQLException {
        // A positive fetch size in a transaction makes the driver read through a portal; one row past the cap tells
        // whether the result was truncated.
        statement.setFetchSize(Math.min(fetchSize, maxRows + 1));
        sentAt = System.nanoTime();
    }

    @Override
    public ExecutionOutcome.Rows read(ResultSet rs) throws SQLException {
        List<ResultColumn> columns = columns(rs.getMetaData());
        List<List<String>> rows = new ArrayList<>();
        long bytes = 0;
        boolean truncated = false;
        while (rs.next()) {
            if (rows.size() == maxRows) {
                truncated = true;
                break;
            }
            String[] cells = new String[columns.size()];
            long rowBytes = 0;
            for (int i = 0; i < cells.length; i++) {
                cells[i] = rs.getString(i + 1);
                rowBytes += utf8Length(cells[i]);
            }
            if (bytes + rowBytes > maxBytes) {
                truncated = true;
                break;
            }
            bytes += rowBytes;
            rows.add(Collections.unmodifiableList(Arrays.asList(cells)));
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sentAt);
        return new ExecutionOutcome.Rows(columns, rows, truncated, millis, executedAs);
    }

    /** Labels, PostgreSQL type names and, for plain table columns, the column they read. */
    private static List<ResultColumn> columns(ResultSetMetaData metaData) throws SQLException {
        PGResultSetMetaData base = metaData.unwrap(PGResultSetMetaData.class);
        List<ResultColumn> columns = new ArrayList<>();
        for (int i = 1; i <= metaData.getColumnCount(); i++) {
            String table = base.getBaseTableName(i);
            Optional<String> source = table.isEmpty()
                    ? Optional.empty()
                    : Optional.of(base.getBaseSchemaName(i) + "." + table + "." + base.getBaseColumnName(i));
            columns.add(new ResultColumn(metaData.getColumnLabel(i), metaData.getColumnTypeName(i), source));
        }
        return columns;
    }

    /** The bytes of {@code text} in UTF-8, without encoding it; 0 for SQL NULL. */
    static long utf8Length(String text) {
        if (text == null) return 0;
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) bytes += 1;
            else if (c < 0x800) bytes += 2;
            else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else bytes += 3;
        }
        return bytes;
    }
}
