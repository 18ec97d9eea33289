package dev.schemarag.generation.service;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.TargetLimitSettings;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.execution.ResultLimits;
import dev.schemarag.generation.mysql.MySqlQueryExecutor;
import dev.schemarag.generation.postgres.PostgresQueryExecutor;
import java.time.Duration;
import java.util.List;

/**
 * The settings of running validated statements on the target databases; each maps to an environment variable, e.g.
 * EXECUTION_MAX_ROWS. The other limits on the target's sessions ({@link TargetLimitSettings}) apply too.
 */
public final class ExecutionSettings {
    public static final Setting<Integer> MAX_ROWS = Setting.integer(
            "execution.max.rows",
            ResultLimits.DEFAULT_MAX_ROWS,
            1,
            1_000_000,
            "most rows of one executed statement's result that are read and kept; a result with more is truncated");
    public static final Setting<Integer> MAX_BYTES = Setting.integer(
            "execution.max.bytes",
            ResultLimits.DEFAULT_MAX_BYTES,
            1_024,
            268_435_456,
            "most bytes of cell text (UTF-8) of one executed statement's result that are kept; the row that would"
                    + " pass it and the rest are left unread, and the result is truncated");
    public static final Setting<Integer> FETCH_SIZE = Setting.integer(
            "execution.fetch.size",
            ResultLimits.DEFAULT_FETCH_SIZE,
            1,
            100_000,
            "rows fetched per round trip while a result is read through a cursor (never the whole result at once)");
    public static final Setting<Integer> STATEMENT_TIMEOUT_MILLIS = Setting.integer(
            "execution.statement.timeout.millis",
            (int) TargetSessionLimits.DEFAULT_STATEMENT_TIMEOUT.toMillis(),
            1,
            600_000,
            "statement_timeout of an executed statement on the target, reading its rows included; the client"
                    + " cancels it shortly after, and it fails as query_timeout");
    public static final Setting<Integer> CONCURRENCY = Setting.integer(
            "execution.concurrency",
            2,
            1,
            64,
            "statements executed at once on one target database, per process; keep it below the pool of 4"
                    + " connections. A statement waits target.queue.wait.ms for its turn, then fails as infra_failure");

    private ExecutionSettings() {}

    public static ResultLimits resultLimits(Settings settings) {
        return new ResultLimits(settings.get(MAX_ROWS), settings.get(MAX_BYTES), settings.get(FETCH_SIZE));
    }

    /**
     * Runs statements on the registered databases as their readers, under the target's session limits with the
     * execution's own statement timeout and bulkhead, masking the PII columns of each database's annotations.
     */
    public static QueryExecutorsByDialect queryExecutor(Settings settings, DatabaseRegistry databases) {
        Duration timeout = Duration.ofMillis(settings.get(STATEMENT_TIMEOUT_MILLIS));
        Duration queueWait = Duration.ofMillis(settings.get(TargetLimitSettings.QUEUE_WAIT_MS));
        AnnotatedPiiMasks masks = new AnnotatedPiiMasks(databases);
        return new QueryExecutorsByDialect(
                databases,
                new PostgresQueryExecutor(
                        databases,
                        TargetLimitSettings.limits(settings).withStatementTimeout(timeout),
                        new DatabaseBulkhead(settings.get(CONCURRENCY)),
                        queueWait,
                        resultLimits(settings),
                        masks),
                new MySqlQueryExecutor(
                        databases,
                        timeout,
                        new DatabaseBulkhead(settings.get(CONCURRENCY)),
                        queueWait,
                        resultLimits(settings),
                        masks));
    }

    public static List<Setting<?>> declared() {
        return List.of(MAX_ROWS, MAX_BYTES, FETCH_SIZE, STATEMENT_TIMEOUT_MILLIS, CONCURRENCY);
    }
}
