package dev.schemarag.generation.mysql;

import dev.schemarag.core.concurrent.DaemonThreads;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.MySqlGrants;
import dev.schemarag.generation.jdbc.StatementQuery;
import dev.schemarag.generation.validation.MySqlErrorClassifier;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.mariadb.jdbc.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guarded statements on the registered MySQL and MariaDB databases, connected with each registration's reader login:
 * what EXPLAIN ({@link MySqlTargetDatabases}) and execution ({@link MySqlQueryExecutor}) share, like the PostgreSQL
 * adapter's reader sessions. Before a database is used its reader's grants are checked: a login holding more than
 * SELECT is refused. Every statement is sent as a server-side prepared statement (the server then parses exactly one
 * statement, a check of its own behind the guard's), in a {@code START TRANSACTION READ ONLY} that is always rolled
 * back, under a time bound of the server's ({@code SET STATEMENT max_statement_time=… FOR} on MariaDB, the session's
 * {@code max_execution_time} on MySQL) and a client-side deadline that kills the query, then drops the connection,
 * within a per-database {@link DatabaseBulkhead}.
 * <p>
 * Statements run as the reader only: mapping principals to MySQL roles is not supported, so a question whose asker a
 * registration maps to a role is refused ({@code access_denied}) rather than run with the reader's wider rights.
 */
final class MySqlReaderSessions implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MySqlReaderSessions.class);

    /** After the server's time bound, time for its own interruption to arrive before the client kills the query. */
    private static final Duration CANCEL_GRACE = Duration.ofMillis(250);
    /** After the kill, time for the server to act on it before the connection is given up. */
    private static final Duration ABORT_GRACE = Duration.ofMillis(400);

    /** The SQLSTATE of an interrupted query, which the client-side deadline reports too. */
    private static final String TIMEOUT_SQLSTATE = "70100";

    /** What a guarded statement gave: the value read, the database's error, or a refusal before it was sent. */
    sealed interface Result<T> {
        record Done<T>(T value) implements Result<T> {}

        /** @param sqlState the server's SQLSTATE, null when the failure had none */
        record Rejected<T>(ErrorClass errorClass, String sqlState, String message) implements Result<T> {}

        /** Not sent; {@code errorClass} says whose fault. */
        record Refused<T>(ErrorClass errorClass, String message) implements Result<T> {}
    }

    /** A read on a pooled connection of a verified reader, outside any transaction: for catalog lookups. */
    @FunctionalInterface
    interface CatalogRead<T> {
        T read(Connection connection) throws SQLException;
    }

    private final String purpose;
    private final String concurrencySetting;
    private final DatabaseRegistry registry;
    private final Duration statementTimeout;
    private final DatabaseBulkhead bulkhead;
    private final Duration queueWait;
    private final MySqlErrorClassifier classifier = new MySqlErrorClassifier();
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mysql-deadline"));
    /** Kills and aborts connect and wait; they must not hold up the timer of other statements. */
    private final ExecutorService actions = Executors.newCachedThreadPool(DaemonThreads.named("mysql-deadline-action"));

    private final Map<String, Database> connections = new ConcurrentHashMap<>();
    /** Databases whose reader was found to hold SELECT only; the others are checked again before each use. */
    private final Set<String> verified = ConcurrentHashMap.newKeySet();

    /**
     * @param purpose what the statements are for, in log lines ("EXPLAIN", "execution")
     * @param concurrencySetting the key of the setting that sizes {@code bulkhead}, for the message of a full one
     * @param statementTimeout the time bound of every statement, unless the caller's is less
     */
    MySqlReaderSessions(
            String purpose,
            String concurrencySetting,
            DatabaseRegistry registry,
            Duration statementTimeout,
            DatabaseBulkhead bulkhead,
            Duration queueWait) {
        this.purpose = purpose;
        this.concurrencySetting = concurrencySetting;
        this.registry = registry;
        this.statementTimeout = statementTimeout;
        this.bulkhead = bulkhead;
        this.queueWait = queueWait;
    }

    /** Whether {@code databaseId} is registered with a MySQL or MariaDB URL. */
    static boolean speaksMySql(RegisteredDatabase db) {
        return SqlDialect.ofJdbcUrl(db.jdbcUrl())
                .map(d -> d == SqlDialect.MYSQL || d == SqlDialect.MARIADB)
                .orElse(false);
    }

    /**
     * Checks the reader of every registered MySQL and MariaDB database and fails, naming each login that holds more
     * than SELECT; a database that cannot be reached now is checked before its first statement instead.
     */
    void verifyReaders(String service) {
        List<String> refusals = new ArrayList<>();
        for (RegisteredDatabase db : registry.all()) {
            if (!speaksMySql(db)) continue;
            db.requireReader();
            try (Connection c = database(db.id()).borrow()) {
                verify(db.id(), c).ifPresent(refusals::add);
            } catch (SQLException e) {
                log.warn(
                        "cannot check the reader of {} now (sqlstate={}); checked before its first {}",
                        db.id(),
                        e.getSQLState(),
                        purpose);
            }
        }
        if (!refusals.isEmpty())
            throw new IllegalStateException(service + " refuses to start: " + String.join("\n", refusals));
    }

    /**
     * Sends {@code sql} as the database's reader, within the bulkhead, in a READ ONLY transaction under the time bound
     * and the client-side deadline, and hands its result to {@code query}; the transaction is always rolled back.
     *
     * @param atMost the time bound is this when it is less than the configured one
     */
    <T> Result<T> run(String databaseId, Asker asker, String sql, Duration atMost, StatementQuery<T> query) {
        Optional<RegisteredDatabase> registered = registry.find(databaseId);
        if (registered.isEmpty())
            return new Result.Rejected<>(ErrorClass.UNKNOWN, null, "database '" + databaseId + "' is not registered");
        Principals principals = registered.get().principals();
        if (!principals.admits(asker))
            return new Result.Refused<>(ErrorClass.ACCESS_DENIED, Principals.refusal(databaseId, asker));
        if (principals.roleOf(asker).isPresent())
            return new Result.Refused<>(
                    ErrorClass.ACCESS_DENIED,
                    "database '" + databaseId + "' is MySQL/MariaDB, where statements run as its reader only: mapping "
                            + asker.describe() + " to a role is not supported there yet");
        Optional<DatabaseBulkhead.Permit> permit;
        Duration timeout = timeout(atMost);
        try {
            permit = bulkhead.enter(databaseId, queueWait.compareTo(timeout) <= 0 ? queueWait : timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result.Refused<>(ErrorClass.INFRA_FAILURE, "interrupted while waiting for " + databaseId);
        }
        if (permit.isEmpty())
            return new Result.Refused<>(
                    ErrorClass.INFRA_FAILURE,
                    "database '" + databaseId + "' already runs " + bulkhead.permits()
                            + " statements and none ended within " + queueWait.toMillis()
                            + " ms (" + concurrencySetting + ", target.queue.wait.ms)");
        Database database = database(databaseId);
        try (Connection c = database.borrow()) {
            Optional<String> refusal = verify(databaseId, c);
            if (refusal.isEmpty()) refusal = sessionRefusal(databaseId, c);
            if (refusal.isPresent()) return new Result.Refused<>(ErrorClass.INFRA_FAILURE, refusal.get());
            return guarded(databaseId, database, c, sql, timeout, query);
        } catch (SQLException e) {
            log.warn(
                    "{} failed: databaseId={} sqlstate={} code={}",
                    purpose,
                    databaseId,
                    e.getSQLState(),
                    e.getErrorCode());
            return new Result.Rejected<>(
                    classifier.classify(e.getErrorCode(), e.getSQLState()), e.getSQLState(), e.getMessage());
        } finally {
            permit.get().close();
        }
    }

    /**
     * Runs in a READ ONLY transaction under the time bound and the client-side deadline, always rolled back. A result
     * read only in part is abandoned with its connection, aborted at once: closing it would read the rest off the
     * socket first. That connection, one whose deadline passed and one whose ROLLBACK failed are dropped, never handed
     * to the next statement.
     */
    private <T> Result<T> guarded(
            String databaseId, Database database, Connection c, String sql, Duration timeout, StatementQuery<T> query)
            throws SQLException {
        Deadline deadline = null;
        boolean abandoned = false;
        Statement st = c.createStatement();
        PreparedStatement ps = null;
        try {
            st.setEscapeProcessing(false);
            st.execute("START TRANSACTION READ ONLY");
            MySqlTimeBound bound = MySqlTimeBound.of(c.getMetaData().getDatabaseProductName(), timeout);
            Optional<String> session = bound.session();
            if (session.isPresent()) st.execute(session.get());
            ps = c.prepareStatement(bound.statement(sql));
            ps.setEscapeProcessing(false);
            query.prepare(ps);
            deadline = deadline(c, ps, timeout);
            try {
                ResultSet rs = ps.executeQuery();
                T value = query.read(rs);
                abandoned = rs.next();
                if (abandoned) c.abort(actions);
                return new Result.Done<>(value);
            } finally {
                deadline.close();
            }
        } catch (SQLException e) {
            if (deadline == null || !deadline.fired()) throw e;
            log.warn("{} outlived its timeout: databaseId={} sqlstate={}", purpose, databaseId, e.getSQLState());
            return new Result.Rejected<>(
                    ErrorClass.QUERY_TIMEOUT,
                    TIMEOUT_SQLSTATE,
                    "cancelled by the client-side deadline after " + timeout.toMillis() + " ms");
        } finally {
            boolean reusable = !abandoned
                    && (deadline == null || !deadline.fired())
                    && closed(databaseId, ps, st)
                    && rolledBack(databaseId, c);
            if (!reusable) drop(database, c);
        }
    }

    /** Closes the statements (and the result they read); false when the session failed to. */
    private static boolean closed(String databaseId, PreparedStatement ps, Statement st) {
        try (st) {
            if (ps != null) ps.close();
            return true;
        } catch (SQLException e) {
            log.warn(
                    "closing a statement failed, dropping the connection: databaseId={} sqlstate={}",
                    databaseId,
                    e.getSQLState());
            return false;
        }
    }

    private static boolean rolledBack(String databaseId, Connection c) {
        try (Statement st = c.createStatement()) {
            st.execute("ROLLBACK");
            return true;
        } catch (SQLException e) {
            log.warn(
                    "ROLLBACK failed, dropping the connection: databaseId={} sqlstate={}", databaseId, e.getSQLState());
            return false;
        }
    }

    /** Closes the socket without reading what the server still sends, and keeps the connection out of the pool. */
    private void drop(Database database, Connection c) {
        try {
            c.abort(actions);
        } catch (SQLException e) {
            log.debug("abort failed ({}); evicting the connection anyway", e.getSQLState());
        }
        database.evict(c);
    }

    /**
     * Shortly after the time bound, kills the query (the driver's cancel: {@code KILL QUERY} over a connection of its
     * own, as the same reader, which may kill its own queries); if the call still has not returned, aborts the
     * connection, so the caller's call fails at once and the server ends the query with its session.
     */
    private Deadline deadline(Connection c, Statement st, Duration timeout) {
        Deadline deadline = new Deadline();
        long cancelAt = timeout.plus(CANCEL_GRACE).toMillis();
        deadline.cancel = timer.schedule(
                () -> actions.execute(() -> {
                    deadline.fired.set(true);
                    log.warn("a {} statement outlived its timeout; killing it", purpose);
                    try {
                        st.cancel();
                    } catch (SQLException e) {
                        log.warn("KILL QUERY failed (sqlstate={})", e.getSQLState());
                    }
                }),
                cancelAt,
                TimeUnit.MILLISECONDS);
        deadline.abort = timer.schedule(
                () -> actions.execute(() -> {
                    try {
                        c.abort(actions);
                    } catch (SQLException e) {
                        log.warn("could not abort the connection (sqlstate={})", e.getSQLState());
                    }
                }),
                cancelAt + ABORT_GRACE.toMillis(),
                TimeUnit.MILLISECONDS);
        return deadline;
    }

    /** The configured time bound, capped by {@code atMost}; at least 1 ms. */
    private Duration timeout(Duration atMost) {
        return Duration.ofMillis(Math.max(1, Math.min(statementTimeout.toMillis(), atMost.toMillis())));
    }

    /** {@code read} on a pooled connection of the database's verified reader; empty when not registered or refused. */
    <T> Optional<T> catalog(String databaseId, CatalogRead<T> read) throws SQLException {
        if (registry.find(databaseId).isEmpty()) return Optional.empty();
        try (Connection c = database(databaseId).borrow()) {
            if (verify(databaseId, c).isPresent()) return Optional.empty();
            return Optional.of(read.read(c));
        }
    }

    /** The login statements on {@code databaseId} run as: its reader; empty when it is not registered. */
    Optional<String> sessionRole(String databaseId) {
        return registry.find(databaseId).map(db -> db.requireReader().user());
    }

    /** Empty when the database's reader holds SELECT only (remembered), else why not and how to fix it. */
    private Optional<String> verify(String databaseId, Connection c) throws SQLException {
        if (verified.contains(databaseId)) return Optional.empty();
        List<String> wider = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW GRANTS FOR CURRENT_USER()")) {
            while (rs.next()) if (!MySqlGrants.selectOnly(rs.getString(1))) wider.add(rs.getString(1));
        }
        if (wider.isEmpty()) {
            verified.add(databaseId);
            return Optional.empty();
        }
        String user = registry.find(databaseId).orElseThrow().requireReader().user();
        String refusal = "the reader " + user + " of database '" + databaseId + "' holds more than SELECT: "
                + String.join("; ", wider) + " (fix: REVOKE every privilege but SELECT from it)";
        log.error("refusing {} on {}: {}", purpose, databaseId, refusal);
        return Optional.of(refusal);
    }

    /**
     * Why this session would send a text otherwise than as one server-prepared statement, if it would: the driver's
     * settings come from the registration's URL too, where allowMultiQueries or useServerPrepStmts=false could be set.
     */
    private Optional<String> sessionRefusal(String databaseId, Connection c) throws SQLException {
        Configuration conf =
                c.unwrap(org.mariadb.jdbc.Connection.class).getContext().getConf();
        if (!conf.allowMultiQueries() && conf.useServerPrepStmts()) return Optional.empty();
        String refusal = "database '" + databaseId + "' is registered with a URL that lets the driver send several"
                + " statements or prepare them itself (allowMultiQueries, useServerPrepStmts=false); validation needs"
                + " each one prepared by the server (remove them from its jdbcUrl)";
        log.warn("{} refused: {}", purpose, refusal);
        return Optional.of(refusal);
    }

    /** The reader's pool; statements are prepared by the server, so it parses exactly one. */
    private Database database(String databaseId) {
        return connections.computeIfAbsent(databaseId, id -> {
            RegisteredDatabase db = registry.find(id).orElseThrow();
            Credentials reader = db.requireReader();
            return new Database(serverPrepared(db.jdbcUrl()), reader.user(), reader.password());
        });
    }

    /** The URL with {@code useServerPrepStmts=true} appended; {@link #sessionRefusal} checks what the driver made of it. */
    static String serverPrepared(String jdbcUrl) {
        return jdbcUrl + (jdbcUrl.indexOf('?') >= 0 ? "&" : "?") + "useServerPrepStmts=true";
    }

    /** Closes the pool of an unregistered (or re-registered) database and forgets its reader check. */
    void forget(String databaseId) {
        verified.remove(databaseId);
        Database pool = connections.remove(databaseId);
        if (pool != null) pool.close();
    }

    @Override
    public void close() {
        connections.values().forEach(Database::close);
        timer.shutdownNow();
        actions.shutdown();
    }

    /** What a statement ended as, whichever way: the caller's own value, or its failure. */
    static <T, R> R fold(
            Result<T> result, Function<T, R> done, Rejection<R> rejected, BiFunction<ErrorClass, String, R> refused) {
        if (result instanceof Result.Done<T> d) return done.apply(d.value());
        if (result instanceof Result.Rejected<T> r) return rejected.apply(r.errorClass(), r.sqlState(), r.message());
        Result.Refused<T> r = (Result.Refused<T>) result;
        return refused.apply(r.errorClass(), r.message());
    }

    @FunctionalInterface
    interface Rejection<R> {
        R apply(ErrorClass errorClass, String sqlState, String message);
    }

    private static final class Deadline implements AutoCloseable {
        private final AtomicBoolean fired = new AtomicBoolean();
        private volatile ScheduledFuture<?> cancel;
        private volatile ScheduledFuture<?> abort;

        boolean fired() {
            return fired.get();
        }

        @Override
        public void close() {
            cancel.cancel(false);
            abort.cancel(false);
        }
    }
}
