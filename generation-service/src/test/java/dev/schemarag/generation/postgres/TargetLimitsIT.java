package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The walls behind the guard, on a real PostgreSQL as a least-privilege reader: the session limits set on the role
 * and per transaction, the client-side deadline when the backend does not stop by itself, the eviction of a session
 * that cannot be trusted, and the per-database bulkhead. A backend that ignores its cancellation is made with
 * SIGSTOP, as a planner loop that checks for no interrupts would be.
 */
class TargetLimitsIT {
    private static final String DB = "target_limits_it";
    private static final String READER = "target_limits_reader";
    private static final String PASSWORD = "reader-secret";
    private static final Duration TIMEOUT = Duration.ofMillis(400);
    private static final TargetSessionLimits LIMITS = TargetSessionLimits.DEFAULT.withStatementTimeout(TIMEOUT);

    private static EmbeddedPostgres postgres;
    private static Connection admin;
    private static PostgresTargetDatabases targets;

    @BeforeAll
    static void setUp() throws SQLException {
        postgres = SharedTestStack.get().postgres();
        postgres.createDatabaseIfMissing(DB);
        admin = postgres.connect(DB);
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS employees");
            st.execute("CREATE TABLE employees (id int PRIMARY KEY, name text)");
        }
        ReaderRole.grant(admin, READER, DB, List.of("public"), PASSWORD, LIMITS);
        targets = new PostgresTargetDatabases(
                new DatabaseRegistry(List.of(registration("one"), registration("two"))),
                LIMITS,
                new DatabaseBulkhead(1),
                Duration.ofMillis(100));
    }

    private static RegisteredDatabase registration(String id) {
        return new RegisteredDatabase(
                id, postgres.jdbcUrl(DB), null, new Credentials(READER, PASSWORD), List.of("public"), null, null);
    }

    @AfterEach
    void releaseLocks() throws SQLException {
        if (!admin.getAutoCommit()) admin.rollback();
        admin.setAutoCommit(true);
    }

    @AfterAll
    static void tearDown() throws SQLException {
        if (targets != null) targets.close();
        if (admin != null) admin.close();
    }

    @Test
    void theReaderRoleCarriesTheSessionLimits() throws SQLException {
        try (Connection reader = DriverManager.getConnection(postgres.jdbcUrl(DB), READER, PASSWORD);
                Statement st = reader.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT current_setting('statement_timeout'),"
                                + " current_setting('lock_timeout'), current_setting('work_mem'),"
                                + " current_setting('temp_file_limit'), current_setting('max_parallel_workers_per_gather'),"
                                + " current_setting('geqo_threshold'), current_setting('idle_in_transaction_session_timeout')")) {
            rs.next();
            assertThat(List.of(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7)))
                    .containsExactly("400ms", "1s", "8MB", "256MB", "0", "10", "10s");
        }
    }

    @Test
    void aQueryWaitingBehindAMigrationsLockEndsAtTheLockTimeoutAsQueryTimeout() throws SQLException {
        lockEmployees();
        PostgresTargetDatabases patient = new PostgresTargetDatabases(
                new DatabaseRegistry(List.of(registration("one"))),
                LIMITS.withStatementTimeout(Duration.ofSeconds(5)),
                new DatabaseBulkhead(1),
                Duration.ZERO);
        try (patient) {
            long started = System.nanoTime();
            ExplainResult result =
                    patient.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", Duration.ofMinutes(1));

            assertThat(result).isInstanceOf(ExplainResult.Rejected.class);
            assertThat(((ExplainResult.Rejected) result).sqlState()).isEqualTo("55P03");
            assertThat(millisSince(started)).isBetween(900L, 3_000L);
        }
    }

    @Test
    void aBackendThatIgnoresItsTimeoutIsGivenUpAndTerminatedAndItsConnectionEvicted() throws Exception {
        lockEmployees();
        CompletableFuture<ExplainResult> explained = CompletableFuture.supplyAsync(
                () -> targets.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", TIMEOUT));
        int pid = readerBackendWaitingForALock();
        signal("STOP", pid);
        long stopped = System.nanoTime();
        ExplainResult result;
        try {
            result = explained.get(10, TimeUnit.SECONDS);
        } finally {
            signal("CONT", pid);
        }

        assertThat(result)
                .isEqualTo(new ExplainResult.Rejected(
                        "57014", "cancelled by the client-side deadline after " + TIMEOUT.toMillis() + " ms"));
        assertThat(millisSince(stopped)).isLessThan(TIMEOUT.toMillis() + 1_000);
        admin.rollback();
        awaitGone(pid);
        assertThat(targets.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", Duration.ofMinutes(1)))
                .isInstanceOf(ExplainResult.Planned.class);
    }

    @Test
    void aSessionWhoseTransactionCannotBeEndedIsNotReused() throws Exception {
        lockEmployees();
        CompletableFuture<ExplainResult> explained = CompletableFuture.supplyAsync(
                () -> targets.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", TIMEOUT));
        int pid = readerBackendWaitingForALock();
        try (Statement st = admin.createStatement()) {
            st.execute("SELECT pg_terminate_backend(" + pid + ")");
        }

        assertThat(explained.get(10, TimeUnit.SECONDS)).isInstanceOf(ExplainResult.Rejected.class);
        admin.rollback();
        for (int i = 0; i < 3; i++)
            assertThat(targets.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", Duration.ofMinutes(1)))
                    .isInstanceOf(ExplainResult.Planned.class);
    }

    @Test
    void aSessionThatPlannedForLongIsClosedSoItsBackendFreesItsMemory() throws Exception {
        TargetSessionLimits patientLimits = new TargetSessionLimits(
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                LIMITS.idleInTransactionTimeout(),
                LIMITS.workMemKb(),
                LIMITS.tempFileLimitKb(),
                LIMITS.maxParallelWorkersPerGather(),
                LIMITS.joinCollapseLimit(),
                LIMITS.fromCollapseLimit(),
                LIMITS.geqoThreshold());
        try (PostgresTargetDatabases patient = new PostgresTargetDatabases(
                new DatabaseRegistry(List.of(registration("one"))),
                patientLimits,
                new DatabaseBulkhead(1),
                Duration.ZERO)) {
            lockEmployees();
            CompletableFuture<ExplainResult> explained = CompletableFuture.supplyAsync(
                    () -> patient.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", Duration.ofMinutes(1)));
            int pid = readerBackendWaitingForALock();
            awaitWaitingLongerThan(pid, Duration.ofMillis(1_200));
            admin.rollback();

            assertThat(explained.get(10, TimeUnit.SECONDS)).isInstanceOf(ExplainResult.Planned.class);
            awaitGone(pid);
        }
    }

    @Test
    void aBusyDatabaseRefusesTheNextStatementWithoutHoldingUpAnother() throws Exception {
        lockEmployees();
        CompletableFuture<ExplainResult> waiting = CompletableFuture.supplyAsync(
                () -> targets.explain("one", Asker.ANONYMOUS, "SELECT id FROM employees", TIMEOUT));
        readerBackendWaitingForALock();

        ExplainResult refused = targets.explain("one", Asker.ANONYMOUS, "SELECT 1", Duration.ofMinutes(1));
        ExplainResult other = targets.explain("two", Asker.ANONYMOUS, "SELECT 1", Duration.ofMinutes(1));

        assertThat(refused).isInstanceOf(ExplainResult.Refused.class);
        assertThat(((ExplainResult.Refused) refused).errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(((ExplainResult.Refused) refused).reason()).contains("already runs 1 statements");
        assertThat(other).isInstanceOf(ExplainResult.Planned.class);
        assertThat(waiting.get(10, TimeUnit.SECONDS)).isInstanceOf(ExplainResult.Rejected.class);
    }

    private static void lockEmployees() throws SQLException {
        admin.setAutoCommit(false);
        try (Statement st = admin.createStatement()) {
            st.execute("LOCK TABLE employees IN ACCESS EXCLUSIVE MODE");
        }
    }

    /** The process id of the reader's backend once it waits for a lock, within 5 s. */
    private static int readerBackendWaitingForALock() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        try (Connection watcher = postgres.connect(DB)) {
            while (System.nanoTime() < deadline) {
                Optional<Integer> pid = waitingPid(watcher);
                if (pid.isPresent()) return pid.get();
                Thread.onSpinWait();
            }
        }
        throw new AssertionError("the reader's EXPLAIN never waited for the lock");
    }

    private static Optional<Integer> waitingPid(Connection watcher) throws SQLException {
        try (Statement st = watcher.createStatement();
                ResultSet rs = st.executeQuery("SELECT pid FROM pg_stat_activity WHERE usename = '" + READER
                        + "' AND wait_event_type = 'Lock'")) {
            return rs.next() ? Optional.of(rs.getInt(1)) : Optional.empty();
        }
    }

    /** Returns once the backend's current statement has run for longer than {@code atLeast}, within 10 s. */
    private static void awaitWaitingLongerThan(int pid, Duration atLeast) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (Connection watcher = postgres.connect(DB)) {
            while (System.nanoTime() < deadline) {
                try (Statement st = watcher.createStatement();
                        ResultSet rs = st.executeQuery("SELECT 1 FROM pg_stat_activity WHERE pid = " + pid
                                + " AND clock_timestamp() - query_start > interval '" + atLeast.toMillis()
                                + " milliseconds'")) {
                    if (rs.next()) return;
                }
                Thread.onSpinWait();
            }
        }
        throw new AssertionError("backend " + pid + " never ran for " + atLeast.toMillis() + " ms");
    }

    private static void awaitGone(int pid) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (Connection watcher = postgres.connect(DB)) {
            while (System.nanoTime() < deadline) {
                try (Statement st = watcher.createStatement();
                        ResultSet rs = st.executeQuery("SELECT 1 FROM pg_stat_activity WHERE pid = " + pid)) {
                    if (!rs.next()) return;
                }
                Thread.onSpinWait();
            }
        }
        throw new AssertionError("backend " + pid + " still runs after it was terminated");
    }

    private static void signal(String signal, int pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Integer.toString(pid))
                .inheritIO()
                .start();
        assertThat(kill.waitFor()).as("kill -%s %d", signal, pid).isZero();
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }
}
