package dev.schemarag.generation.execution;

import dev.schemarag.core.failure.ErrorClass;
import java.util.List;

/** What running a statement gave: its rows, the database's refusal, or a refusal before it reached the database. */
public sealed interface ExecutionOutcome {

    /**
     * The rows read, each cell in PostgreSQL's text output format (null for SQL NULL); {@code truncated} when the
     * statement had more rows than the row or byte cap let through.
     */
    record Rows(
            List<ResultColumn> columns, List<List<String>> rows, boolean truncated, long executionMs, String executedAs)
            implements ExecutionOutcome {
        public Rows {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /** The database refused or cancelled the statement; the SQLSTATE decides its class. */
    record Rejected(String sqlState, String message) implements ExecutionOutcome {}

    /** Never sent, or sent and cut off by the client (a full bulkhead, an unsafe reader role, the deadline). */
    record Refused(ErrorClass errorClass, String message) implements ExecutionOutcome {}
}
