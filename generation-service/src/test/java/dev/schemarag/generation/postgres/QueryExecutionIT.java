package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.ResultColumn;
import dev.schemarag.generation.service.ExecutionSettings;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executed statements on a real PostgreSQL as the least-privilege reader, through the executor the settings build:
 * cells exactly as psql prints them, the timeout and the client-side deadline, the row and byte caps read through a
 * cursor, the reader check and the READ ONLY transaction, and PII masking from the annotations file.
 */
class QueryExecutionIT {
    private static final Logger log = LoggerFactory.getLogger(QueryExecutionIT.class);
    private static final String DB = "query_execution_it";
    private static final String READER = "execution_reader";
    private static final String WRITER = "execution_writer";
    private static final String PASSWORD = "reader-secret";
    private static final Duration NO_CAP = Duration.ofMinutes(5);
    private static final String NULL = "\u2400";

    @TempDir
    static Path dir;

    private static EmbeddedPostgres postgres;
    private static Connection admin;
    private static DatabaseRegistry registry;

    @BeforeAll
    static void setUp() throws SQLException, IOException {
        postgres = SharedTestStack.get().postgres();
        postgres.createDatabaseIfMissing(DB);
        admin = postgres.connect(DB);
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS facts, users");
            st.execute("""
                    CREATE TABLE facts (id int PRIMARY KEY, amount numeric(12, 2), ratio float8, label text, day date,
                      at timestamptz, local_at timestamp, flag bool, note text, tags text[], nums int[], doc jsonb,
                      raw json, payload bytea, span interval, uid uuid, clock time)""");
            st.execute("""
                    INSERT INTO facts VALUES
                      (1, 1234.50, 0.1, 'plain', '2024-02-29', '2024-03-01 12:34:56.789+01', '2024-03-01 00:00:00',
                       true, NULL, '{a,"b c","d,e",NULL}', '{1,2,3}', '{"b": [1, 2.50], "a": null}', '{"b": 1, "a": 2}',
                       '\\xdeadbeef', '1 year 2 mons 3 days 04:05:06.7', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '23:59:59'),
                      (2, -0.01, 1e-300, E'tab\\there, "quotes", back\\\\slash\\nnew line', '0001-01-01 BC', 'infinity',
                       '1999-12-31 23:59:59.999999', false, 'Zürich 東京 😀', '{}', NULL, '[]', 'null', '', '-00:00:01',
                       NULL, '00:00:00'),
                      (3, NULL, 'NaN', '', NULL, '1970-01-01 00:00:00+00', NULL, NULL, '', NULL, '{{1,2},{3,4}}',
                       '"text"', '  {"spaced" : true}  ', '\\x00ff', '0', NULL, NULL)""");
            st.execute("CREATE TABLE users (id int PRIMARY KEY, username text, email text)");
            st.execute("INSERT INTO users VALUES (1, 'ann', 'ann@example.com'), (2, 'bob', 'bob@example.com')");
        }
        ReaderRole.grant(admin, READER, DB, List.of("public"), PASSWORD, TargetSessionLimits.DEFAULT);
        try (Statement st = admin.createStatement()) {
            st.execute("DROP ROLE IF EXISTS " + WRITER);
            st.execute("CREATE ROLE " + WRITER + " LOGIN PASSWORD '" + PASSWORD + "'");
            st.execute("GRANT SELECT, INSERT ON users TO " + WRITER);
        }
        Path annotations =
                Files.writeString(dir.resolve("annotations.json"), "{\"columns\": {\"users.email\": {\"pii\": true}}}");
        registry = new DatabaseRegistry(
                List.of(registration("facts", READER, annotations), registration("writable", WRITER, annotations)));
    }

    private static RegisteredDatabase registration(String id, String login, Path annotations) {
        return new RegisteredDatabase(
                id, postgres.jdbcUrl(DB), null, new Credentials(login, PASSWORD), List.of("public"), annotations, null);
    }

    @AfterAll
    static void tearDown() throws SQLException {
        if (admin == null) return;
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS facts, users");
            st.execute("DROP ROLE IF EXISTS " + WRITER);
        }
        admin.close();
    }

    private static QueryExecutorsByDialect executor(Map<String, String> settings) {
        return ExecutionSettings.queryExecutor(Settings.of(settings), registry);
    }

    @Test
    void cellsAreExactlyWhatPsqlPrintsForTheSameStatement() throws Exception {
        List<String> statements = List.of("SELECT * FROM facts ORDER BY id", """
                SELECT id, amount * 3 AS tripled, ratio / 3 AS third, at + interval '1 hour 30 minutes' AS later,
                  day - 1 AS day_before, local_at::date AS on_day, span * 2 AS twice, doc -> 'b' AS b, doc ->> 'a' AS a,
                  raw::text AS raw_text, nums[1:1] AS first, array_length(tags, 1) AS tag_count,
                  ARRAY[NULL, 1.5]::numeric[] AS mixed, ROW(id, label) AS pair, encode(payload, 'hex') AS hex,
                  NULL::int AS nothing, 10::numeric / 3 AS division, 2::float4 / 3 AS single
                FROM facts ORDER BY id""", """
                SELECT flag, count(*), sum(amount), avg(ratio) FILTER (WHERE ratio < 1), string_agg(label, '|' ORDER BY id),
                  json_agg(day ORDER BY id), array_agg(id ORDER BY id), bool_and(flag), max(at), min(uid::text)
                FROM facts GROUP BY flag ORDER BY flag NULLS LAST""");
        try (QueryExecutorsByDialect executor = executor(Map.of())) {
            for (String sql : statements)
                assertThat(rows(executor.execute("facts", Asker.ANONYMOUS, sql, 1_000, NO_CAP))
                                .rows())
                        .as(sql)
                        .isEqualTo(psql(sql));
            assertThat(rows(executor.execute("facts", Asker.ANONYMOUS, statements.get(0), 1_000, NO_CAP))
                            .columns())
                    .extracting(ResultColumn::type)
                    .containsExactly(
                            "int4",
                            "numeric",
                            "float8",
                            "text",
                            "date",
                            "timestamptz",
                            "timestamp",
                            "bool",
                            "text",
                            "_text",
                            "_int4",
                            "jsonb",
                            "json",
                            "bytea",
                            "interval",
                            "uuid",
                            "time");
        }
    }

    @Test
    void aStatementThatWouldRunForMinutesEndsAsATimeoutWithinTheTimeoutPlusOneSecondAndLeavesNoBackendActive()
            throws Exception {
        int timeoutMs = 2_000;
        try (QueryExecutorsByDialect executor =
                executor(Map.of(ExecutionSettings.STATEMENT_TIMEOUT_MILLIS.key(), Integer.toString(timeoutMs)))) {
            warmUp(executor);
            long started = System.nanoTime();
            ExecutionOutcome outcome = executor.execute(
                    "facts",
                    Asker.ANONYMOUS,
                    "SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b",
                    10,
                    NO_CAP);
            long millis = millisSince(started);
            log.info("a statement of minutes ended after {} ms (timeout {} ms): {}", millis, timeoutMs, outcome);

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Rejected.class);
            assertThat(((ExecutionOutcome.Rejected) outcome).sqlState()).isEqualTo("57014");
            assertThat(millis).isLessThan(timeoutMs + 1_000);
            assertThat(activeReaderBackends()).isZero();
            awaitNoReaderTransaction();
        }
    }

    @Test
    void aResultReadInManyRoundTripsIsCutByTheClientSideDeadline() throws Exception {
        // The server's statement_timeout runs per fetch (each Execute and Sync), so 20 fetches of 200 ms each would
        // pass a 1 s timeout unseen; the deadline covers the whole read.
        int timeoutMs = 1_000;
        try (QueryExecutorsByDialect executor = executor(Map.of(
                ExecutionSettings.STATEMENT_TIMEOUT_MILLIS.key(),
                Integer.toString(timeoutMs),
                ExecutionSettings.FETCH_SIZE.key(),
                "1"))) {
            warmUp(executor);
            long started = System.nanoTime();
            ExecutionOutcome outcome = executor.execute(
                    "facts", Asker.ANONYMOUS, "SELECT g, pg_sleep(0.2) FROM generate_series(1, 20) g", 100, NO_CAP);
            long millis = millisSince(started);
            log.info("a slow cursor ended after {} ms (timeout {} ms): {}", millis, timeoutMs, outcome);

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Rejected.class);
            assertThat(((ExecutionOutcome.Rejected) outcome).sqlState()).isEqualTo("57014");
            assertThat(millis).isLessThan(timeoutMs + 1_000);
            assertThat(activeReaderBackends()).isZero();
            awaitNoReaderTransaction();
            assertThat(executor.execute("facts", Asker.ANONYMOUS, "SELECT 1", 1, NO_CAP))
                    .isInstanceOf(ExecutionOutcome.Rows.class);
        }
    }

    @Test
    void aLongResultStopsAtTheRowCapAndSaysItWasTruncated() {
        try (QueryExecutorsByDialect executor = executor(Map.of())) {
            ExecutionOutcome.Rows capped = rows(executor.execute(
                    "facts", Asker.ANONYMOUS, "SELECT g FROM generate_series(1, 2000) g", 5_000, NO_CAP));
            ExecutionOutcome.Rows whole = rows(executor.execute(
                    "facts", Asker.ANONYMOUS, "SELECT g FROM generate_series(1, 1000) g", 5_000, NO_CAP));
            ExecutionOutcome.Rows asked = rows(
                    executor.execute("facts", Asker.ANONYMOUS, "SELECT g FROM generate_series(1, 2000) g", 10, NO_CAP));

            assertThat(capped.rows()).hasSize(1_000);
            assertThat(capped.rows().get(999)).containsExactly("1000");
            assertThat(capped.truncated()).isTrue();
            assertThat(capped.executedAs()).isEqualTo(READER);
            assertThat(whole.rows()).hasSize(1_000);
            assertThat(whole.truncated()).isFalse();
            assertThat(asked.rows()).hasSize(10);
            assertThat(asked.truncated()).isTrue();
        }
    }

    @Test
    void wideRowsStopBeforeTheRowThatWouldPassTheByteCap() {
        int width = 10_000;
        try (QueryExecutorsByDialect executor = executor(Map.of())) {
            ExecutionOutcome.Rows rows = rows(executor.execute(
                    "facts",
                    Asker.ANONYMOUS,
                    "SELECT g, repeat('x', " + width + ") FROM generate_series(1, 1000) g",
                    1_000,
                    NO_CAP));

            assertThat(rows.rows()).hasSize(rowsWithin(g -> digits(g) + width));
            assertThat(rows.truncated()).isTrue();
        }
    }

    @Test
    void aMillionRowResultIsReadThroughACursorAndLeavesTheHeapFlat() throws Exception {
        String sql = "SELECT g, md5(g::text) FROM generate_series(1, 1000000) g";
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long wholeResult;
        // Without a cursor (autocommit, no fetch size) the driver takes in the whole result before the first row.
        long before = threads.getThreadAllocatedBytes(thread);
        try (Statement st = admin.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            wholeResult = threads.getThreadAllocatedBytes(thread) - before;
        }
        try (QueryExecutorsByDialect executor = executor(Map.of(ExecutionSettings.MAX_ROWS.key(), "1000000"))) {
            warmUp(executor);
            long heapBefore = usedHeapAfterGc();
            long allocatedBefore = threads.getThreadAllocatedBytes(thread);
            ExecutionOutcome.Rows rows = rows(executor.execute("facts", Asker.ANONYMOUS, sql, 1_000_000, NO_CAP));
            long allocated = threads.getThreadAllocatedBytes(thread) - allocatedBefore;
            long heapDelta = usedHeapAfterGc() - heapBefore;
            log.info(
                    "a million-row result: {} rows kept (truncated={}), {} MB allocated while reading, heap +{} kB"
                            + " holding them; reading it whole without a cursor allocated {} MB",
                    rows.rows().size(),
                    rows.truncated(),
                    allocated >> 20,
                    heapDelta >> 10,
                    wholeResult >> 20);

            assertThat(rows.rows()).hasSize(rowsWithin(g -> digits(g) + 32));
            assertThat(rows.truncated()).isTrue();
            assertThat(allocated).isLessThan(wholeResult / 4);
            assertThat(heapDelta).isLessThan(32L << 20);
        }
    }

    /** Opens the pool and checks the reader, so that the figures measure the statement alone. */
    private static void warmUp(QueryExecutorsByDialect executor) {
        assertThat(executor.execute("facts", Asker.ANONYMOUS, "SELECT 1", 1, NO_CAP))
                .isInstanceOf(ExecutionOutcome.Rows.class);
    }

    /** How many rows 1, 2, ... of {@code bytes(g)} cell bytes each fit in the default byte cap. */
    private static int rowsWithin(IntUnaryOperator bytes) {
        long cap = ExecutionSettings.MAX_BYTES.defaultValue();
        long total = 0;
        int rows = 0;
        while (total + bytes.applyAsInt(rows + 1) <= cap) total += bytes.applyAsInt(++rows);
        return rows;
    }

    private static int digits(int g) {
        return Integer.toString(g).length();
    }

    @Test
    void aReaderThatCouldWriteIsRefusedAndAWriteFailsInTheReadOnlyTransaction() {
        try (QueryExecutorsByDialect executor = executor(Map.of())) {
            ExecutionOutcome refused =
                    executor.execute("writable", Asker.ANONYMOUS, "SELECT username FROM users", 10, NO_CAP);
            ExecutionOutcome insert = executor.execute(
                    "facts",
                    Asker.ANONYMOUS,
                    "INSERT INTO users VALUES (3, 'eve', 'eve@example.com') RETURNING id",
                    10,
                    NO_CAP);
            ExecutionOutcome delete = executor.execute(
                    "facts",
                    Asker.ANONYMOUS,
                    "WITH gone AS (DELETE FROM users RETURNING id) SELECT count(*) FROM gone",
                    10,
                    NO_CAP);

            assertThat(refused).isInstanceOf(ExecutionOutcome.Refused.class);
            assertThat(((ExecutionOutcome.Refused) refused).errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
            assertThat(((ExecutionOutcome.Refused) refused).message()).contains(WRITER, "can change it");
            assertThat(insert).isInstanceOf(ExecutionOutcome.Rejected.class);
            assertThat(((ExecutionOutcome.Rejected) insert).sqlState()).isEqualTo("25006");
            assertThat(delete).isInstanceOf(ExecutionOutcome.Rejected.class);
            assertThat(((ExecutionOutcome.Rejected) delete).sqlState()).isEqualTo("25006");
        }
    }

    @Test
    void theValuesOfAnAnnotatedPiiColumnAndOfWhatIsComputedFromThemAreWithheld() {
        try (QueryExecutorsByDialect executor = executor(Map.of())) {
            ExecutionOutcome.Rows rows = rows(executor.execute(
                    "facts",
                    Asker.ANONYMOUS,
                    "SELECT id, username, email, upper(email) AS shout FROM users ORDER BY id",
                    10,
                    NO_CAP));
            ExecutionOutcome.Rows count =
                    rows(executor.execute("facts", Asker.ANONYMOUS, "SELECT count(*) FROM users", 10, NO_CAP));

            assertThat(rows.columns())
                    .containsExactly(
                            new ResultColumn("id", "int4", Optional.of("public.users.id")),
                            new ResultColumn("username", "text", Optional.of("public.users.username")),
                            new ResultColumn("email", "text", Optional.of("public.users.email"), true),
                            new ResultColumn("shout", "text", Optional.empty(), true));
            assertThat(rows.rows())
                    .containsExactly(Arrays.asList("1", "ann", null, null), Arrays.asList("2", "bob", null, null));
            assertThat(count.columns().get(0).masked()).isFalse();
            assertThat(count.rows()).containsExactly(List.of("2"));
        }
    }

    private static ExecutionOutcome.Rows rows(ExecutionOutcome outcome) {
        assertThat(outcome).isInstanceOf(ExecutionOutcome.Rows.class);
        return (ExecutionOutcome.Rows) outcome;
    }

    /**
     * The rows psql prints for {@code sql} as the reader, unaligned, with unit and record separators that no cell
     * holds, and a marker for NULL; in the session time zone the driver sets (the JVM's).
     */
    private static List<List<String>> psql(String sql) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                EmbeddedPostgres.program("psql").toString(),
                "-X",
                "-q",
                "-A",
                "-t",
                "-F",
                "\u001f",
                "-R",
                "\u001e",
                "-P",
                "null=" + NULL,
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                postgres.host(),
                "-p",
                Integer.toString(postgres.port()),
                "-U",
                READER,
                "-d",
                DB,
                "-c",
                sql);
        builder.environment().put("PGPASSWORD", PASSWORD);
        builder.environment().put("PGTZ", TimeZone.getDefault().getID());
        builder.environment().put("PGCLIENTENCODING", "UTF8");
        builder.redirectErrorStream(true);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        List<List<String>> rows = new ArrayList<>();
        if (output.isEmpty()) return rows;
        // psql ends the last record with a newline instead of the record separator.
        for (String record : output.substring(0, output.length() - 1).split("\u001e", -1)) {
            List<String> row = new ArrayList<>();
            for (String cell : record.split("\u001f", -1)) row.add(cell.equals(NULL) ? null : cell);
            rows.add(row);
        }
        return rows;
    }

    private static int activeReaderBackends() throws SQLException {
        return readerBackends("state = 'active'");
    }

    /** An evicted session is closed by the pool's own thread, shortly after the call returned. */
    private static void awaitNoReaderTransaction() throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (readerBackends("state LIKE 'idle in transaction%'") > 0) {
            assertThat(System.nanoTime())
                    .as("a reader session still in a transaction")
                    .isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private static int readerBackends(String condition) throws SQLException {
        try (Statement st = admin.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT count(*) FROM pg_stat_activity WHERE usename = '" + READER + "' AND " + condition)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static long usedHeapAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }
}
