package dev.schemarag.core.service;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.store.TargetSessionLimits;
import java.time.Duration;
import java.util.List;

/**
 * The server-side limits of the sessions that plan and run generated SQL on a target database
 * ({@link TargetSessionLimits}): set on the reader role by {@code db add} and per transaction by validation.
 */
public final class TargetLimitSettings {
    private TargetLimitSettings() {}

    /** Named after the service that used it first; {@code db add} sets it on the reader role too. */
    public static final Setting<Integer> STATEMENT_TIMEOUT_MILLIS = Setting.integer(
            "generation.statement.timeout.millis",
            (int) TargetSessionLimits.DEFAULT_STATEMENT_TIMEOUT.toMillis(),
            1,
            600_000,
            "statement_timeout on the target database, for EXPLAIN; the client gives up shortly after it");

    public static final Setting<Integer> LOCK_TIMEOUT_MS = Setting.integer(
            "target.lock.timeout.ms",
            (int) TargetSessionLimits.DEFAULT_LOCK_TIMEOUT.toMillis(),
            1,
            600_000,
            "lock_timeout on the target: how long a query waits for a lock held by, say, a migration's ALTER TABLE");
    public static final Setting<Integer> IDLE_IN_TRANSACTION_TIMEOUT_MS = Setting.integer(
            "target.idle.in.transaction.timeout.ms",
            (int) TargetSessionLimits.DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT.toMillis(),
            1,
            3_600_000,
            "idle_in_transaction_session_timeout on the target: a session left idle inside a transaction is ended");
    public static final Setting<Integer> WORK_MEM_KB = Setting.integer(
            "target.work.mem.kb",
            TargetSessionLimits.DEFAULT_WORK_MEM_KB,
            64,
            4_194_304,
            "work_mem on the target (kB): memory of each sort or hash before it spills to temporary files");
    public static final Setting<Integer> TEMP_FILE_LIMIT_KB = Setting.integer(
            "target.temp.file.limit.kb",
            TargetSessionLimits.DEFAULT_TEMP_FILE_LIMIT_KB,
            0,
            Integer.MAX_VALUE,
            "temp_file_limit on the reader role (kB): temporary file space of one session; set by db add only when"
                    + " its administrator is a superuser");
    public static final Setting<Integer> MAX_PARALLEL_WORKERS_PER_GATHER = Setting.integer(
            "target.max.parallel.workers.per.gather",
            TargetSessionLimits.DEFAULT_MAX_PARALLEL_WORKERS_PER_GATHER,
            0,
            64,
            "max_parallel_workers_per_gather on the target: each worker is another process with its own work_mem");
    public static final Setting<Integer> JOIN_COLLAPSE_LIMIT = Setting.integer(
            "target.join.collapse.limit",
            TargetSessionLimits.DEFAULT_JOIN_COLLAPSE_LIMIT,
            1,
            64,
            "join_collapse_limit on the target: explicit JOINs the planner reorders together");
    public static final Setting<Integer> FROM_COLLAPSE_LIMIT = Setting.integer(
            "target.from.collapse.limit",
            TargetSessionLimits.DEFAULT_FROM_COLLAPSE_LIMIT,
            1,
            64,
            "from_collapse_limit on the target: subqueries the planner merges into their parent's join search");
    public static final Setting<Integer> GEQO_THRESHOLD = Setting.integer(
            "target.geqo.threshold",
            TargetSessionLimits.DEFAULT_GEQO_THRESHOLD,
            2,
            64,
            "geqo_threshold on the target: from this many relations the planner searches joins heuristically");

    public static final Setting<Integer> CONCURRENCY = Setting.integer(
            "target.concurrency",
            2,
            1,
            64,
            "statements (EXPLAINs) at once on one target database, per process; keep it below the pool of 4"
                    + " connections so that catalog reads always find one");
    public static final Setting<Integer> QUEUE_WAIT_MS = Setting.integer(
            "target.queue.wait.ms",
            1_000,
            0,
            60_000,
            "how long a statement waits for its turn on a busy target database before it fails as infra_failure");

    public static TargetSessionLimits limits(Settings settings) {
        return new TargetSessionLimits(
                Duration.ofMillis(settings.get(STATEMENT_TIMEOUT_MILLIS)),
                Duration.ofMillis(settings.get(LOCK_TIMEOUT_MS)),
                Duration.ofMillis(settings.get(IDLE_IN_TRANSACTION_TIMEOUT_MS)),
                settings.get(WORK_MEM_KB),
                settings.get(TEMP_FILE_LIMIT_KB),
                settings.get(MAX_PARALLEL_WORKERS_PER_GATHER),
                settings.get(JOIN_COLLAPSE_LIMIT),
                settings.get(FROM_COLLAPSE_LIMIT),
                settings.get(GEQO_THRESHOLD));
    }

    public static List<Setting<?>> declared() {
        return List.of(
                STATEMENT_TIMEOUT_MILLIS,
                CONCURRENCY,
                QUEUE_WAIT_MS,
                LOCK_TIMEOUT_MS,
                IDLE_IN_TRANSACTION_TIMEOUT_MS,
                WORK_MEM_KB,
                TEMP_FILE_LIMIT_KB,
                MAX_PARALLEL_WORKERS_PER_GATHER,
                JOIN_COLLAPSE_LIMIT,
                FROM_COLLAPSE_LIMIT,
                GEQO_THRESHOLD);
    }
}
