package dev.schemarag.core.store;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server-side limits of every session that plans or runs generated SQL on a target database: the second wall
 * behind the guard. {@code db add} sets them on the reader role ({@code ALTER ROLE ... SET}, the defaults of any
 * session it opens, ours or a person's), and validation sets them again in each transaction ({@code SET LOCAL}), so a
 * role set up by hand is bounded too.
 * <p>
 * What they cannot bound: PostgreSQL has no per-backend memory cap. {@code work_mem} bounds each sort and hash, not
 * the planner, and a timeout is only noticed where the backend checks for interrupts, which some planner loops do
 * not. The guard's structural budgets and the client-side deadline cover those; an operator who needs a hard cap runs
 * PostgreSQL under a cgroup memory limit (systemd {@code MemoryMax=}) or sets {@code vm.overcommit_memory=2}.
 *
 * @param tempFileLimitKb {@code temp_file_limit}; only a superuser (or a role granted SET on it) may set it, so it is
 *     set on the role only, never per transaction
 */
public record TargetSessionLimits(
        Duration statementTimeout,
        Duration lockTimeout,
        Duration idleInTransactionTimeout,
        int workMemKb,
        int tempFileLimitKb,
        int maxParallelWorkersPerGather,
        int joinCollapseLimit,
        int fromCollapseLimit,
        int geqoThreshold) {

    public static final Duration DEFAULT_STATEMENT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT = Duration.ofSeconds(10);
    public static final int DEFAULT_WORK_MEM_KB = 8 * 1024;
    public static final int DEFAULT_TEMP_FILE_LIMIT_KB = 256 * 1024;
    public static final int DEFAULT_MAX_PARALLEL_WORKERS_PER_GATHER = 0;
    public static final int DEFAULT_JOIN_COLLAPSE_LIMIT = 8;
    public static final int DEFAULT_FROM_COLLAPSE_LIMIT = 8;
    public static final int DEFAULT_GEQO_THRESHOLD = 10;

    public static final TargetSessionLimits DEFAULT = new TargetSessionLimits(
            DEFAULT_STATEMENT_TIMEOUT,
            DEFAULT_LOCK_TIMEOUT,
            DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT,
            DEFAULT_WORK_MEM_KB,
            DEFAULT_TEMP_FILE_LIMIT_KB,
            DEFAULT_MAX_PARALLEL_WORKERS_PER_GATHER,
            DEFAULT_JOIN_COLLAPSE_LIMIT,
            DEFAULT_FROM_COLLAPSE_LIMIT,
            DEFAULT_GEQO_THRESHOLD);

    public TargetSessionLimits {
        if (statementTimeout.toMillis() < 1 || lockTimeout.toMillis() < 1 || idleInTransactionTimeout.toMillis() < 1)
            throw new IllegalArgumentException("timeouts must be at least 1 ms: 0 turns PostgreSQL's timeouts off");
        if (workMemKb < 64 || tempFileLimitKb < 0 || maxParallelWorkersPerGather < 0)
            throw new IllegalArgumentException("work_mem must be at least 64 kB, the other limits not negative");
        if (joinCollapseLimit < 1 || fromCollapseLimit < 1 || geqoThreshold < 2)
            throw new IllegalArgumentException("planner limits out of PostgreSQL's range");
    }

    /** These limits with another statement timeout. */
    public TargetSessionLimits withStatementTimeout(Duration timeout) {
        return new TargetSessionLimits(
                timeout,
                lockTimeout,
                idleInTransactionTimeout,
                workMemKb,
                tempFileLimitKb,
                maxParallelWorkersPerGather,
                joinCollapseLimit,
                fromCollapseLimit,
                geqoThreshold);
    }

    /** The settings any user may change in its own transaction, as PostgreSQL names and reads them. */
    public Map<String, String> transactionSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("statement_timeout", statementTimeout.toMillis() + "ms");
        settings.put("lock_timeout", lockTimeout.toMillis() + "ms");
        settings.put("idle_in_transaction_session_timeout", idleInTransactionTimeout.toMillis() + "ms");
        settings.put("work_mem", workMemKb + "kB");
        settings.put("max_parallel_workers_per_gather", Integer.toString(maxParallelWorkersPerGather));
        settings.put("join_collapse_limit", Integer.toString(joinCollapseLimit));
        settings.put("from_collapse_limit", Integer.toString(fromCollapseLimit));
        settings.put("geqo_threshold", Integer.toString(geqoThreshold));
        return settings;
    }

    /** {@code temp_file_limit}, which only a superuser or a role granted SET on it may set. */
    public Map.Entry<String, String> superuserSetting() {
        return Map.entry("temp_file_limit", tempFileLimitKb + "kB");
    }
}
