package dev.schemarag.generation.postgres;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.SqlQuoting;
import dev.schemarag.core.store.StatementWatchdog;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.answer.ReaderVerdict;
import dev.schemarag.generation.jdbc.StatementQuery;
import dev.schemarag.generation.validation.DriverStatements;
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
import java.util.function.BiFunction;
import java.util.function.Function;
import org.postgresql.PGConnection;
import org.postgresql.jdbc.PreferQueryMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guarded statements on the registered PostgreSQL databases, connected with each registration's reader login, such
 * as the least-privilege {@link ReaderRole}: what EXPLAIN ({@link PostgresTargetDatabases}) and execution
 * ({@link PostgresQueryExecutor}) share. Before a database is used its role is checked ({@link ReaderVerdict}): one
 * that could change the database is refused, at start ({@link #verifyReaders()}) or, for a database unreachable then,
 * at its first statement. Every statement runs in a READ ONLY transaction under the {@link TargetSessionLimits} (SET
 * LOCAL) and a client-side deadline ({@link StatementWatchdog}), within a per-database {@link DatabaseBulkhead}, and
 * is always rolled back, so even a guard bypass could neither write nor hold the caller past the timeout. A question
 * whose asker the registration maps to a role runs after {@code SET LOCAL ROLE} to it, so PostgreSQL itself enforces
 * that role's table and column privileges and row-level security; an asker it does not map is refused
 * ({@code access_denied}). The reader check covers the mapped roles: it refuses a reader that is a member of any role
 * that could write.
 * <p>
 * Two refusals come before anything is sent: a session with {@code standard_conforming_strings} off (backslashes
 * would then escape quotes in every string, and the guard's reading of the text would no longer be the server's),
 * and a text the JDBC driver would split into more than one statement (it would send them all). JDBC escape
 * processing is off, so the driver rewrites nothing either.
 */
final class ReaderSessions implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ReaderSessions.class);

    /** The SQLSTATE of a statement cancelled for its timeout, which the client-side deadline reports too. */
    static final String QUERY_CANCELED = "57014";

    /** The SQLSTATE of a statement touching a table or column its role may not read. */
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    /**
     * A backend keeps the memory it took, even idle (the C allocator rarely gives it back): after a statement this
     * slow, which may have taken hundreds of MB, its session is closed rather than pooled, so that the memory is freed.
     */
    private static final Duration HEAVY_STATEMENT = Duration.ofSeconds(1);

    /** What a guarded statement gave: the value read, the database's refusal, or a refusal before it was sent. */
    sealed interface Result<T> {
        /** This result as the caller's own outcome type, one function per case. */
        <R> R fold(
                Function<T, R> done, BiFunction<String, String, R> rejected, BiFunction<ErrorClass, String, R> refused);

        record Done<T>(T value) implements Result<T> {
            @Override
            public <R> R fold(
                    Function<T, R> done,
                    BiFunction<String, String, R> rejected,
                    BiFunction<ErrorClass, String, R> refused) {
                return done.apply(value);
            }
        }

        /** @param sqlState PostgreSQL's SQLSTATE, null when the failure had none */
        record Rejected<T>(String sqlState, String message) implements Result<T> {
            @Override
            public <R> R fold(
                    Function<T, R> done,
                    BiFunction<String, String, R> rejected,
                    BiFunction<ErrorClass, String, R> refused) {
                return rejected.apply(sqlState, message);
            }
        }

        /** Not sent, or cut off by the client; {@code errorClass} says whose fault. */
        record Refused<T>(ErrorClass errorClass, String message) implements Result<T> {
            @Override
            public <R> R fold(
                    Function<T, R> done,
                    BiFunction<String, String, R> rejected,
                    BiFunction<ErrorClass, String, R> refused) {
                return refused.apply(errorClass, message);
            }
        }
    }

    /** A read on a pooled connection of a verified reader, outside any transaction: for catalog lookups. */
    @FunctionalInterface
    interface CatalogRead<T> {
        T read(Connection connection) throws SQLException;
    }

    private final String purpose;
    private final String concurrencySetting;
    private final DatabaseRegistry registry;
    private final TargetSessionLimits limits;
    private final DatabaseBulkhead bulkhead;
    private final Duration queueWait;
    private final StatementWatchdog watchdog = new StatementWatchdog();
    private final Map<String, Database> connections = new ConcurrentHashMap<>();
    /** Databases whose reader was found read-only; the others are checked again before each use. */
    private final Set<String> verified = ConcurrentHashMap.newKeySet();

    /**
     * @param purpose what the statements are for, in log lines ("EXPLAIN", "execution")
     * @param concurrencySetting the key of the setting that sizes {@code bulkhead}, for the message of a full one
     * @param bulkhead how many statements run at once on each database
     * @param queueWait how long a statement waits for a place in the bulkhead
     */
    ReaderSessions(
            String purpose,
            String concurrencySetting,
            DatabaseRegistry registry,
            TargetSessionLimits limits,
            DatabaseBulkhead bulkhead,
            Duration queueWait) {
        this.purpose = purpose;
        this.concurrencySetting = concurrencySetting;
        this.registry = registry;
        this.limits = limits;
        this.bulkhead = bulkhead;
        this.queueWait = queueWait;
    }

    /**
     * Checks the reader of every registered database and fails, naming each offending role and the SQL that fixes it,
     * when one could change its database or none is registered. A database that cannot be reached now is checked
     * before its first statement instead, so an outage does not stop the service.
     */
    void verifyReaders(String service) {
        List<String> refusals = new ArrayList<>();
        for (RegisteredDatabase db : registry.all()) {
            if (SqlDialect.ofJdbcUrl(db.jdbcUrl()).orElse(null) != SqlDialect.POSTGRESQL) continue;
            db.requireReader();
            try {
                verify(db.id()).ifPresent(refusals::add);
            } catch (SQLException e) {
                log.warn(
                        "cannot check the validation role of {} now (sqlstate={}); checked before its first {}",
                        db.id(),
                        e.getSQLState(),
                        purpose);
            }
        }
        if (!refusals.isEmpty())
            throw new IllegalStateException(service + " refuses to start: " + String.join("\n", refusals));
    }

    /**
     * Sends {@code sql} as the database's reader, within the bulkhead, in a READ ONLY transaction under the session
     * limits and the client-side deadline, and hands its result to {@code query}; the transaction is always rolled
     * back. Failures come back as a value.
     *
     * @param asker whose question it is: the statement runs as the role the registration maps it to
     * @param atMost the statement timeout is this when it is less than the configured one
     */
    <T> Result<T> run(String databaseId, Asker asker, String sql, Duration atMost, StatementQuery<T> query) {
        Optional<RegisteredDatabase> registered = registry.find(databaseId);
        if (registered.isEmpty()) return new Result.Rejected<>(null, "database '" + databaseId + "' is not registered");
        if (!registered.get().principals().admits(asker))
            return new Result.Refused<>(ErrorClass.ACCESS_DENIED, Principals.refusal(databaseId, asker));
        Optional<String> role = registered.get().principals().roleOf(asker);
        Optional<DatabaseBulkhead.Permit> permit;
        try {
            permit = bulkhead.enter(databaseId, min(queueWait, atMost));
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
            // A role that could write, or a session that reads SQL otherwise than the guard, is an operator's problem
            // to fix: infra_failure, replayable once fixed.
            if (refusal.isPresent()) return new Result.Refused<>(ErrorClass.INFRA_FAILURE, refusal.get());
            if (!DriverStatements.isSingle(sql))
                return new Result.Refused<>(ErrorClass.VALIDATION_BLOCK, DriverStatements.MULTIPLE_STATEMENTS);
            return guarded(databaseId, database, c, role, sql, timeout(atMost), query);
        } catch (SQLException e) {
            log.warn("{} failed: databaseId={} sqlstate={}", purpose, databaseId, e.getSQLState());
            // PostgreSQL names the table, not the asker: say whose privileges were missing.
            String message = INSUFFICIENT_PRIVILEGE.equals(e.getSQLState()) && role.isPresent()
                    ? e.getMessage() + " (as role " + role.get() + ", which " + asker.describe() + " is mapped to)"
                    : e.getMessage();
            return new Result.Rejected<>(e.getSQLState(), message);
        } finally {
            permit.get().close();
        }
    }

    /**
     * Runs in a READ ONLY transaction under the session limits and the client-side deadline, always rolled back. The
     * statement is closed inside the transaction, so a result read only in part is discarded there. A connection
     * whose deadline passed, whose ROLLBACK failed or whose statement was heavy is evicted, never handed to the next
     * statement.
     */
    private <T> Result<T> guarded(
            String databaseId,
            Database database,
            Connection c,
            Optional<String> role,
            String sql,
            Duration timeout,
            StatementQuery<T> query)
            throws SQLException {
        StatementWatchdog.Watch watch = null;
        long started = System.nanoTime();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.setEscapeProcessing(false);
            st.execute(transactionSetup(limits.withStatementTimeout(timeout), role));
            query.prepare(st);
            watch = watchdog.watch(c, timeout, terminator(databaseId));
            try (ResultSet rs = st.executeQuery(sql)) {
                return new Result.Done<>(query.read(rs));
            } finally {
                watch.close();
            }
        } catch (SQLException e) {
            if (watch == null || !watch.fired()) throw e;
            log.warn("{} outlived its timeout: databaseId={} sqlstate={}", purpose, databaseId, e.getSQLState());
            return new Result.Rejected<>(
                    QUERY_CANCELED, "cancelled by the client-side deadline after " + timeout.toMillis() + " ms");
        } finally {
            boolean heavy = System.nanoTime() - started > HEAVY_STATEMENT.toNanos();
            boolean reusable = (watch == null || !watch.fired()) && rolledBack(databaseId, c) && !heavy;
            if (!reusable) database.evict(c);
        }
    }

    /**
     * The transaction's setup as one batch, which the driver sends in one round trip together with its BEGIN: READ
     * ONLY, the limits as {@code SET LOCAL}, and the asker's role, LOCAL so that the ROLLBACK ends it and a pooled
     * session never keeps an asker's role. The names are the limits' own, the values numbers with units, and the
     * session's strings standard-conforming (checked before), so quoting makes them plain literals.
     */
    static String transactionSetup(TargetSessionLimits limits, Optional<String> role) {
        StringBuilder setup = new StringBuilder("SET TRANSACTION READ ONLY");
        limits.transactionSettings().forEach((name, value) -> setup.append("; SET LOCAL ")
                .append(SqlQuoting.identifier(name))
                .append(" = ")
                .append(SqlQuoting.literal(value)));
        role.ifPresent(r -> setup.append("; SET LOCAL ROLE ").append(SqlQuoting.identifier(r)));
        return setup.toString();
    }

    /** Ends the transaction; false when the session is in no state to be reused (an aborted ROLLBACK, say). */
    private static boolean rolledBack(String databaseId, Connection c) {
        try {
            c.rollback();
            c.setAutoCommit(true);
            return true;
        } catch (SQLException e) {
            log.warn(
                    "ROLLBACK failed, evicting the connection: databaseId={} sqlstate={}", databaseId, e.getSQLState());
            return false;
        }
    }

    /**
     * Terminates a backend over a session of its own as the same reader: a role may terminate its own backends, so
     * neither an administrator nor a superuser login is needed at run time.
     */
    private StatementWatchdog.BackendTerminator terminator(String databaseId) {
        Database database = database(databaseId);
        return pid -> {
            try (Connection c = database.open();
                    PreparedStatement ps = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
                ps.setInt(1, pid);
                ps.executeQuery().close();
            }
        };
    }

    /** The statement timeout, capped by {@code atMost}; at least 1 ms, since 0 would turn PostgreSQL's timeout off. */
    private Duration timeout(Duration atMost) {
        return Duration.ofMillis(Math.max(1, Math.min(limits.statementTimeout().toMillis(), atMost.toMillis())));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** {@code read} on a pooled connection of the database's reader; empty when it is not registered or refused. */
    <T> Optional<T> catalog(String databaseId, CatalogRead<T> read) throws SQLException {
        if (registry.find(databaseId).isEmpty()) return Optional.empty();
        try (Connection c = database(databaseId).borrow()) {
            if (verify(databaseId, c).isPresent()) return Optional.empty();
            return Optional.of(read.read(c));
        }
    }

    /**
     * The role statements of {@code asker} on {@code databaseId} run as: the one its registration maps the asker to,
     * else the reader login; empty when the database is not registered.
     */
    Optional<String> sessionRole(String databaseId, Asker asker) {
        return registry.find(databaseId).map(db -> db.principals().roleOf(asker).orElseGet(() -> db.requireReader()
                .user()));
    }

    /** Why this session would not read the text the way the guard did, if it would not. */
    private Optional<String> sessionRefusal(String databaseId, Connection c) throws SQLException {
        Optional<String> refusal = Optional.empty();
        if (!standardConformingStrings(c))
            refusal = Optional.of("database '" + databaseId + "' has standard_conforming_strings off; validation needs"
                    + " it on (ALTER ROLE or ALTER DATABASE ... SET standard_conforming_strings = on)");
        else if (!extendedProtocol(c))
            refusal = Optional.of("database '" + databaseId + "' is registered with a preferQueryMode that sends plain"
                    + " statements over the simple query protocol; validation needs the extended protocol (remove"
                    + " preferQueryMode from its jdbcUrl)");
        refusal.ifPresent(why -> log.warn("{} refused: {}", purpose, why));
        return refusal;
    }

    /** The session's setting as the server last reported it (a ParameterStatus message, kept by the driver). */
    private static boolean standardConformingStrings(Connection c) throws SQLException {
        String value = c.unwrap(PGConnection.class).getParameterStatus("standard_conforming_strings");
        return "on".equalsIgnoreCase(value);
    }

    /**
     * Whether a plain statement goes out as Parse/Bind/Execute: the server then parses the text as exactly one
     * statement, a check of its own behind the guard's and the driver's. The simple protocol would run all of them.
     */
    private static boolean extendedProtocol(Connection c) throws SQLException {
        PreferQueryMode mode = c.unwrap(PGConnection.class).getPreferQueryMode();
        return mode == PreferQueryMode.EXTENDED || mode == PreferQueryMode.EXTENDED_CACHE_EVERYTHING;
    }

    /** {@link #verify(String, Connection)} on a connection of its own. */
    private Optional<String> verify(String databaseId) throws SQLException {
        if (verified.contains(databaseId)) return Optional.empty();
        try (Connection c = database(databaseId).borrow()) {
            return verify(databaseId, c);
        }
    }

    /**
     * Empty when the database's reader is read-only (remembered), else why not and how to fix it. Reads on the caller's
     * connection: borrowing a second one while holding the first could exhaust the pool.
     */
    private Optional<String> verify(String databaseId, Connection c) throws SQLException {
        if (verified.contains(databaseId)) return Optional.empty();
        RegisteredDatabase registered = registered(databaseId);
        ReaderVerdict verdict = ReaderVerdict.of(ReaderPrivilegesQuery.read(c));
        if (verdict.readOnly()) {
            verified.add(databaseId);
            return Optional.empty();
        }
        String refusal =
                verdict.explanation(databaseId, registered.requireReader().user());
        log.error("refusing {} on {}: {}", purpose, databaseId, refusal);
        return Optional.of(refusal);
    }

    private Database database(String databaseId) {
        return connections.computeIfAbsent(databaseId, id -> {
            Credentials reader = registered(id).requireReader();
            return new Database(registered(id).jdbcUrl(), reader.user(), reader.password());
        });
    }

    private RegisteredDatabase registered(String databaseId) {
        return registry.find(databaseId).orElseThrow();
    }

    /**
     * Closes the pool of an unregistered (or re-registered) database and forgets its reader check: a registration
     * that comes back is connected and checked again with its new login.
     */
    void forget(String databaseId) {
        verified.remove(databaseId);
        Database pool = connections.remove(databaseId);
        if (pool != null) pool.close();
    }

    @Override
    public void close() {
        connections.values().forEach(Database::close);
        watchdog.close();
    }
}
