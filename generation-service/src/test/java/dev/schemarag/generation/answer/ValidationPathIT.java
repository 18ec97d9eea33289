package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.postgres.PostgresTargetDatabases;
import dev.schemarag.generation.validation.HostileCorpus;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every hostile statement through the whole validation path the generation service runs (limits, lint, guard,
 * EXPLAIN adapter) against a real PostgreSQL, connected as the least-privilege reader role, with a sentinel
 * session watching for side effects: no advisory lock, no backend gone, no row changed, no file or large object.
 */
class ValidationPathIT {
    private static final String DB = "validation_path_it";
    private static final String READER_PASSWORD = "reader-secret";
    private static final String SENTINEL_ROWS = "SELECT string_agg(id || ':' || v, ',' ORDER BY id) FROM sentinel";

    private static EmbeddedPostgres postgres;
    private static Connection sentinel;
    private static PostgresTargetDatabases targets;

    @BeforeAll
    static void setUp() throws SQLException {
        postgres = SharedTestStack.get().postgres();
        postgres.createDatabaseIfMissing(DB);
        sentinel = postgres.connect(DB);
        try (Statement st = sentinel.createStatement()) {
            st.execute("DROP TABLE IF EXISTS sentinel, employees");
            st.execute("CREATE TABLE sentinel (id int PRIMARY KEY, v text)");
            st.execute("INSERT INTO sentinel VALUES (1, 'one'), (2, 'two')");
            st.execute("CREATE TABLE employees (id int PRIMARY KEY, name text)");
            st.execute("INSERT INTO employees VALUES (42, 'ada')");
        }
        ReaderRole.grant(sentinel, DB, List.of("public"), READER_PASSWORD);
        String url = postgres.jdbcUrl(DB);
        targets = new PostgresTargetDatabases(
                new DatabaseRegistry(List.of(
                        new RegisteredDatabase(
                                "guarded",
                                url,
                                null,
                                new Credentials(ReaderRole.NAME, READER_PASSWORD),
                                List.of("public"),
                                null,
                                null),
                        new RegisteredDatabase(
                                "nonstandard",
                                url + "?options=-c%20standard_conforming_strings%3Doff",
                                null,
                                new Credentials(ReaderRole.NAME, READER_PASSWORD),
                                List.of("public"),
                                null,
                                null),
                        new RegisteredDatabase(
                                "simple",
                                url + "?preferQueryMode=simple",
                                null,
                                new Credentials(ReaderRole.NAME, READER_PASSWORD),
                                List.of("public"),
                                null,
                                null))),
                Duration.ofSeconds(2));
        // Open the adapter sessions now, so the backend count below compares like with like.
        targets.explain("guarded", Asker.ANONYMOUS, "SELECT 1", Duration.ofMinutes(1));
        targets.explain("nonstandard", Asker.ANONYMOUS, "SELECT 1", Duration.ofMinutes(1));
        targets.explain("simple", Asker.ANONYMOUS, "SELECT 1", Duration.ofMinutes(1));
    }

    @AfterAll
    static void tearDown() throws SQLException {
        if (targets != null) targets.close();
        if (sentinel != null) sentinel.close();
    }

    /** The real adapter, recording what it answered for each statement that got as far as EXPLAIN. */
    private static final class RecordingTargets implements TargetDatabases {
        final List<String> explained = new ArrayList<>();
        final List<String> planned = new ArrayList<>();

        @Override
        public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
            explained.add(sql);
            ExplainResult result = targets.explain(databaseId, Asker.ANONYMOUS, sql, atMost);
            if (result instanceof ExplainResult.Planned) planned.add(sql);
            return result;
        }

        @Override
        public boolean admits(String databaseId, Asker asker) {
            return true;
        }

        @Override
        public boolean executes(String databaseId) {
            return targets.executes(databaseId);
        }

        @Override
        public SchemaColumns columns(String databaseId, List<String> tables) {
            return targets.columns(databaseId, tables);
        }
    }

    /**
     * The client sessions on the target. A hostile statement must not end any of them; the adapter's pool may open one
     * more while the test runs (it keeps an idle connection ready), and autovacuum workers are not client sessions.
     */
    private static List<String> clientSessions() throws SQLException {
        List<String> pids = new ArrayList<>();
        try (Statement st = sentinel.createStatement();
                ResultSet rs = st.executeQuery("SELECT pid FROM pg_stat_activity"
                        + " WHERE datname = current_database() AND backend_type = 'client backend'")) {
            while (rs.next()) pids.add(rs.getString(1));
        }
        return pids;
    }

    @Test
    void givenEveryHostileStatement_whenValidated_thenNoneIsAnsweredAndNothingHappensOnTheTarget() throws Exception {
        List<String> corpus = HostileCorpus.statements();
        String rowsBefore = scalar(SENTINEL_ROWS);
        List<String> sessionsBefore = clientSessions();
        String largeObjectsBefore = scalar("SELECT count(*) FROM pg_largeobject_metadata");
        long peakMemoryBefore = readerBackendsPeakKb();
        RecordingTargets recording = new RecordingTargets();
        List<String> answered = new ArrayList<>();
        long started = System.nanoTime();

        for (String sql : corpus) {
            AnswerPipeline pipeline = new AnswerPipeline(
                    (request, deadline) ->
                            GenerationOutcome.generated(new GeneratedSql(sql, "", 0.9, List.of(), List.of(), "llm")),
                    recording,
                    (id, db, q, s, vector) -> {},
                    1);
            PipelineResult result = pipeline.answer(Events.context("h", "guarded", "hostile", "", "public.employees"));
            if (result instanceof PipelineResult.Answered) answered.add(sql);
        }

        assertThat(answered).as("hostile statements validated as answers").isEmpty();
        assertThat(recording.planned)
                .as("hostile statements the database planned")
                .isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
        assertThat(scalar("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"))
                .isEqualTo("0");
        assertThat(scalar(SENTINEL_ROWS)).isEqualTo(rowsBefore);
        assertThat(clientSessions()).as("client sessions still open").containsAll(sessionsBefore);
        assertThat(scalar("SELECT count(*) FROM pg_largeobject_metadata")).isEqualTo(largeObjectsBefore);
        assertThat(Files.exists(Path.of("/tmp/sentinel.csv"))).isFalse();
        assertThat(readerBackendsPeakKb() - peakMemoryBefore)
                .as("growth of the reader backends' peak memory, kB")
                .isLessThan(32 * 1024);
        // The adapter's own session survived and still plans a harmless query.
        assertThat(targets.explain("guarded", Asker.ANONYMOUS, "SELECT name FROM employees", Duration.ofMinutes(1)))
                .isInstanceOf(ExplainResult.Planned.class);
    }

    @Test
    void givenSecondStatementBehindACarriageReturnComment_whenExplainedDirectly_thenRefusedAndNoLockTaken()
            throws SQLException {
        ExplainResult result = targets.explain(
                "guarded", Asker.ANONYMOUS, "SELECT 1 --\r; SELECT pg_advisory_lock(778)", Duration.ofMinutes(1));

        assertThat(result).isInstanceOf(ExplainResult.Refused.class);
        assertThat(((ExplainResult.Refused) result).errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(scalar("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"))
                .isEqualTo("0");
    }

    @Test
    void givenSessionWithStandardConformingStringsOff_whenExplained_thenRefusedAsInfrastructure() {
        ExplainResult result =
                targets.explain("nonstandard", Asker.ANONYMOUS, "SELECT name FROM employees", Duration.ofMinutes(1));

        assertThat(result).isInstanceOf(ExplainResult.Refused.class);
        ExplainResult.Refused refused = (ExplainResult.Refused) result;
        assertThat(refused.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(refused.reason()).contains("standard_conforming_strings off");
    }

    @Test
    void givenSimpleQueryProtocol_whenExplained_thenRefusedAsInfrastructure() throws SQLException {
        ExplainResult result = targets.explain(
                "simple", Asker.ANONYMOUS, "SELECT 1 --\r; SELECT pg_advisory_lock(779)", Duration.ofMinutes(1));

        assertThat(result).isInstanceOf(ExplainResult.Refused.class);
        ExplainResult.Refused refused = (ExplainResult.Refused) result;
        assertThat(refused.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(refused.reason()).contains("extended protocol");
        assertThat(scalar("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"))
                .isEqualTo("0");
    }

    /** The summed peak resident memory (VmHWM) of the reader role's backends, read from /proc: PostgreSQL runs here. */
    private static long readerBackendsPeakKb() throws Exception {
        long total = 0;
        try (Statement st = sentinel.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT pid FROM pg_stat_activity WHERE usename = '" + ReaderRole.NAME + "'")) {
            while (rs.next()) {
                for (String line : Files.readAllLines(Path.of("/proc", rs.getString(1), "status"))) {
                    if (line.startsWith("VmHWM:")) total += Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        }
        assertThat(total).as("peak memory of the reader backends").isPositive();
        return total;
    }

    private static String scalar(String sql) throws SQLException {
        try (Statement st = sentinel.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
