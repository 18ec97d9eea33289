package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.validation.ResourceExhaustionCorpus;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every statement of the resource-exhaustion corpus through the whole validation path, against a real PostgreSQL as
 * the least-privilege reader with the product's default limits: each ends within the statement timeout + 1 s of wall
 * time, classified (refused by the guard, a query_timeout, or planned because planning it is cheap), while no reader
 * backend's private memory passes 256 MB, and the next validation on the same pool is valid.
 */
class ResourceExhaustionIT {
    private static final Logger log = LoggerFactory.getLogger(ResourceExhaustionIT.class);
    private static final String DB = "resource_exhaustion_it";
    private static final String READER = "exhaustion_reader";
    private static final String PASSWORD = "reader-secret";
    private static final Duration TIMEOUT = TargetSessionLimits.DEFAULT_STATEMENT_TIMEOUT;
    private static final long WALL_LIMIT_MS = TIMEOUT.toMillis() + 1_000;
    private static final long MEMORY_LIMIT_KB = 256 * 1024;
    private static final String GUARD = "refused by the guard";
    private static final String LINT = "refused by lint";
    private static final String TIMEOUT_OUTCOME = "query_timeout 57014";
    private static final String PLANNED = "planned";
    private static final String BENIGN = "SELECT id, name FROM employees WHERE dept_id = 1";

    private static Connection admin;
    private static PostgresTargetDatabases targets;
    private static StatementValidator validator;

    @BeforeAll
    static void setUp() throws SQLException {
        EmbeddedPostgres postgres = SharedTestStack.get().postgres();
        postgres.createDatabaseIfMissing(DB);
        admin = postgres.connect(DB);
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS employees");
            st.execute("CREATE TABLE employees (id integer PRIMARY KEY, name text, salary numeric, dept_id integer)");
            st.execute("INSERT INTO employees SELECT g, 'e' || g, g * 10, g % 7 FROM generate_series(1, 1000) g");
            st.execute("ANALYZE employees");
        }
        ReaderRole.grant(admin, READER, DB, List.of("public"), PASSWORD, TargetSessionLimits.DEFAULT);
        targets = new PostgresTargetDatabases(
                new DatabaseRegistry(List.of(new RegisteredDatabase(
                        "guarded",
                        postgres.jdbcUrl(DB),
                        null,
                        new Credentials(READER, PASSWORD),
                        List.of("public"),
                        null,
                        null))),
                TIMEOUT);
        validator = new StatementValidator(targets);
    }

    @AfterAll
    static void tearDown() throws SQLException {
        if (targets != null) targets.close();
        if (admin != null) admin.close();
    }

    private record Run(ResourceExhaustionCorpus.Entry entry, String outcome, long millis, long peakKb) {}

    @Test
    void everyStatementEndsInTimeClassifiedWithinTheMemoryBoundAndLeavesThePoolUsable() throws Exception {
        List<ResourceExhaustionCorpus.Entry> corpus = ResourceExhaustionCorpus.entries();
        List<Run> runs = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try (BackendMemorySampler memory = new BackendMemorySampler(READER, DB)) {
            for (ResourceExhaustionCorpus.Entry entry : corpus) {
                memory.reset();
                long started = System.nanoTime();
                StatementValidator.Validation validation =
                        validator.validate("guarded", Asker.ANONYMOUS, entry.sql(), SchemaColumns.empty());
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                Run run = new Run(entry, outcome(validation), millis, memory.peakKb());
                runs.add(run);
                problem(run).ifPresent(failures::add);
                StatementValidator.Validation next =
                        validator.validate("guarded", Asker.ANONYMOUS, BENIGN, SchemaColumns.empty());
                if (!next.valid())
                    failures.add(describe(run) + ": the next validation failed: "
                            + next.rejection().orElseThrow());
            }
        }
        log.info("resource-exhaustion corpus against PostgreSQL:\n{}", summary(runs));

        assertThat(runs).hasSizeGreaterThanOrEqualTo(60);
        assertThat(failures).as(summary(runs)).isEmpty();
    }

    /**
     * How the statement ended: refused before the database (by the guard or, for a statement lint finds malformed
     * first, by lint), refused by PostgreSQL with its SQLSTATE, or planned.
     */
    private static String outcome(StatementValidator.Validation validation) {
        if (validation.valid()) return PLANNED;
        StatementValidator.Rejection rejection = validation.rejection().orElseThrow();
        if (rejection.sqlState() == null) return rejection.errorClass() == ErrorClass.VALIDATION_BLOCK ? GUARD : LINT;
        return rejection.errorClass().wireName() + " " + rejection.sqlState();
    }

    private static Optional<String> problem(Run run) {
        if (run.millis() > WALL_LIMIT_MS)
            return Optional.of(describe(run) + ": took longer than " + WALL_LIMIT_MS + " ms");
        if (run.peakKb() > MEMORY_LIMIT_KB)
            return Optional.of(describe(run) + ": a backend reached " + run.peakKb() / 1024 + " MB");
        boolean beforeTheDatabase = run.outcome().equals(GUARD) || run.outcome().equals(LINT);
        if (run.entry().guardRefuses() && !beforeTheDatabase)
            return Optional.of(describe(run) + ": it should be refused before it reaches the database");
        if (!beforeTheDatabase
                && !run.outcome().equals(TIMEOUT_OUTCOME)
                && !run.outcome().equals(PLANNED)) return Optional.of(describe(run) + ": unexpected outcome");
        return Optional.empty();
    }

    private static String describe(Run run) {
        String sql = run.entry().sql();
        return String.format(
                Locale.ROOT,
                "[%s] %s (%s, %d ms, %d MB)",
                run.entry().family(),
                sql.length() > 120 ? sql.substring(0, 120) + "…" : sql,
                run.outcome(),
                run.millis(),
                run.peakKb() / 1024);
    }

    /** Per family: statements, how each ended, the slowest and the largest backend. */
    private static String summary(List<Run> runs) {
        Map<String, List<Run>> byFamily = new TreeMap<>();
        for (Run run : runs)
            byFamily.computeIfAbsent(run.entry().family(), f -> new ArrayList<>())
                    .add(run);
        StringBuilder table = new StringBuilder(
                "| family | statements | refused by the guard | refused by lint"
                        + " | query_timeout | planned | slowest ms | largest backend MB |\n|---|---|---|---|---|---|---|---|\n");
        byFamily.forEach((family, list) -> table.append(String.format(
                Locale.ROOT,
                "| %s | %d | %d | %d | %d | %d | %d | %d |%n",
                family,
                list.size(),
                count(list, GUARD),
                count(list, LINT),
                count(list, TIMEOUT_OUTCOME),
                count(list, PLANNED),
                list.stream().mapToLong(Run::millis).max().orElse(0),
                list.stream().mapToLong(Run::peakKb).max().orElse(0) / 1024)));
        return table.toString();
    }

    private static long count(List<Run> runs, String outcome) {
        return runs.stream().filter(r -> r.outcome().equals(outcome)).count();
    }
}
