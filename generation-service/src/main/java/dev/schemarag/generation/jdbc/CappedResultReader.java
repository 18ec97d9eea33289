package dev.schemarag.generation.jdbc;

import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.ResultColumn;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reads one result through a cursor, {@code fetchSize} rows per round trip, and stops at the row cap or before the
 * row that would pass the byte cap (the UTF-8 bytes of the cells' text); {@code truncated} when a row was left
 * unread. Cells are the database's own text output, as the driver's {@code getString} gives it (QueryExecutionIT
 * compares PostgreSQL's with psql's for every common type, ErpMariaIT MariaDB's with the mariadb client's). One
 * reader per execution.
 */
public final class CappedResultReader implements StatementQuery<ExecutionOutcome.Rows> {
    private final int maxRows;
    private final int maxBytes;
    private final int fetchSize;
    private final String executedAs;
    private final ResultColumns columnsOf;
    private long sentAt;

    /** @param columnsOf the driver's names and types of the result's columns */
    public CappedResultReader(int maxRows, int maxBytes, int fetchSize, String executedAs, ResultColumns columnsOf) {
        this.maxRows = maxRows;
        this.maxBytes = maxBytes;
        this.fetchSize = fetchSize;
        this.executedAs = executedAs;
        this.columnsOf = columnsOf;
    }

    @Override
    public void prepare(Statement statement) throws SQLException {
        // A positive fetch size makes the driver stream the result (PostgreSQL: through a portal, in a transaction;
        // MariaDB: from the socket as it is read); one row past the cap tells whether the result was truncated.
        statement.setFetchSize(Math.min(fetchSize, maxRows + 1));
        sentAt = System.nanoTime();
    }

    @Override
    public ExecutionOutcome.Rows read(ResultSet rs) throws SQLException {
        List<ResultColumn> columns = columnsOf.of(rs.getMetaData());
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
