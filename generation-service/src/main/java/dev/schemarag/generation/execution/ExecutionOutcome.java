package dev.schemarag.generation.execution;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.validation.SqlStateClassifier;
import java.util.List;

/** What running a statement gave: its rows, the database's refusal, or a refusal before it reached the database. */
public sealed interface ExecutionOutcome {

    /**
     * The rows read, each cell in the database's own text output format (null for SQL NULL); {@code truncated} when the
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

    /**
     * The database refused or cancelled the statement; {@code errorClass} is what the adapter made of its error, from
     * its dialect's codes.
     */
    record Rejected(ErrorClass errorClass, String sqlState, String message) implements ExecutionOutcome {
        /** A PostgreSQL error, classified by its SQLSTATE. */
        public Rejected(String sqlState, String message) {
            this(new SqlStateClassifier().classify(sqlState), sqlState, message);
        }
    }

    /** Never sent, or sent and cut off by the client (a full bulkhead, an unsafe reader role, the deadline). */
    record Refused(ErrorClass errorClass, String message) implements ExecutionOutcome {}
}
