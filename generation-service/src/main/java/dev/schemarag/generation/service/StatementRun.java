package dev.schemarag.generation.service;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.generation.execution.ExecutionOutcome;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * One statement of a registered database run for a person or an agent (the MCP tool {@code run_sql}): through
 * {@link StatementCheck}'s exact checks (lint, read-only guard, EXPLAIN as the reader) and, only when it is valid,
 * executed as the asker's role within the row and byte caps, PII columns masked.
 */
public final class StatementRun {
    private static final Duration NO_CAP = Duration.ofMillis(Long.MAX_VALUE);

    private StatementRun() {}

    /**
     * @param databaseId a database of {@code databases} with a reader login
     * @param asker whose statement it is: it is checked and run as the role the registration maps it to
     * @param maxRows the caller's row cap, itself capped by {@link ExecutionSettings#MAX_ROWS}
     * @param executionAllowed whether the database's registration lets its statements run: the one place that
     *     gates execution for this use case
     */
    public static SqlRun run(
            ServiceRuntime runtime,
            DatabaseRegistry databases,
            String databaseId,
            Asker asker,
            String statement,
            int maxRows,
            boolean executionAllowed)
            throws SQLException {
        if (!executionAllowed)
            return new SqlRun.NotRun(
                    ErrorClass.INVALID_REQUEST.wireName(),
                    null,
                    "database '" + databaseId + "' is not registered to run statements; only validation is allowed",
                    List.of());
        if (maxRows < 1)
            return new SqlRun.NotRun(
                    ErrorClass.INVALID_REQUEST.wireName(), null, "max rows must be at least 1", List.of());
        StatementVerdict verdict = StatementCheck.check(runtime, databases, databaseId, asker, statement);
        if (!verdict.valid())
            return new SqlRun.NotRun(verdict.errorClass(), verdict.sqlstate(), verdict.message(), verdict.lint());
        ExecutionOutcome outcome;
        try (QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(runtime.settings(), databases)) {
            outcome = executor.execute(databaseId, asker, statement, maxRows, NO_CAP);
        }
        if (outcome instanceof ExecutionOutcome.Rows rows) return SqlRun.Ran.of(rows, verdict.lint());
        if (outcome instanceof ExecutionOutcome.Rejected rejected)
            return new SqlRun.NotRun(
                    rejected.errorClass().wireName(), rejected.sqlState(), rejected.message(), verdict.lint());
        ExecutionOutcome.Refused refused = (ExecutionOutcome.Refused) outcome;
        return new SqlRun.NotRun(refused.errorClass().wireName(), null, refused.message(), verdict.lint());
    }
}
