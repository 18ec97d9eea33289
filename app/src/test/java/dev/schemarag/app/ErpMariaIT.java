package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.app.cli.CliTestEnvironment;
import dev.schemarag.app.cli.RunningServices;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.demo.MariaDemoDatabase;
import dev.schemarag.demo.MySqlQueryTranslation;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.ResultColumn;
import dev.schemarag.generation.main.ExecutionMain;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.ExecutionSettings;
import dev.schemarag.generation.service.GenerationSettings;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import dev.schemarag.generation.service.TargetDatabasesByDialect;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.ingest.mysql.MySqlIntrospector;
import dev.schemarag.ingest.postgres.PostgresIntrospector;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.stack.Directories;
import dev.schemarag.stack.EmbeddedMariaDb;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import dev.schemarag.testkit.TestStackConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.streams.KafkaStreams;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo ERP loaded into the real MariaDB that scripts/install-prereqs.sh installs, from the PostgreSQL demo, and
 * introspected through information_schema: the same tables, columns, comments and keys as PostgreSQL's catalog holds.
 * Live sync reads its DDL from the binlog: Debezium's MariaDB connector → Kafka → embedding updater → pgvector.
 * Then answered on: generated SQL validated (guard, EXPLAIN as the reader) and executed through the same adapters
 * generation and execution use, its rows compared with the mariadb client's, its errors classified, its time bounded.
 */
class ErpMariaIT {
    private static final Settings SETTINGS = Settings.of(Map.of());
    private static final String SOURCE = "erp_maria_source_it";
    private static final String READER = "erp_maria_reader_it";
    /** The id erp_maria is registered under for live sync, apart from other tests' rows in the shared store. */
    private static final String CAPTURED = "erp_maria_capture_it";

    private static Path stateDir;
    private static EmbeddedMariaDb mariadb;
    private static Database postgres;
    private static SchemaCatalog postgresCatalog;
    private static SchemaCatalog mariaCatalog;
    private static boolean loadedAgain;
    private static RegisteredDatabase registration;
    private static Path mariadbClientDefaults;

    @BeforeAll
    static void loadTheDemoIntoBoth() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(SOURCE);
        stateDir = Path.of(System.getProperty("schemarag.test.dir", "target/it-stack"), "erp-maria-it");
        Directories.deleteRecursively(stateDir);
        Path extracted = DemoDatabase.extract(stateDir);
        String ddl = Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8);
        postgres = new Database(
                stack.postgres().jdbcUrl(SOURCE),
                stack.postgres().user(),
                stack.postgres().password());
        DemoDatabase.loadIfEmpty(postgres, extracted);

        mariadb = new EmbeddedMariaDb(stateDir.resolve("mariadb"), TestStackConfig.freePorts(1)[0], false);
        mariadb.start(); // fails naming scripts/install-prereqs.sh when mariadbd is not installed
        try (Connection admin = mariadb.connect("");
                Connection source = postgres.open()) {
            assertThat(MariaDemoDatabase.loadIfIncomplete(admin, source, ddl)).isTrue();
            loadedAgain = MariaDemoDatabase.loadIfIncomplete(admin, source, ddl);
            MariaDemoDatabase.grantReader(admin, READER, "127.0.0.1", "it's a \\ secret", TargetSessionLimits.DEFAULT);
        }
        registration = MariaDemoDatabase.registration(
                mariadb.jdbcUrl(MariaDemoDatabase.DATABASE),
                new Credentials(EmbeddedMariaDb.USER, EmbeddedMariaDb.PASSWORD),
                new Credentials(READER, "it's a \\ secret"),
                extracted);
        // The reader's login for the mariadb client, in an option file rather than on its command line.
        mariadbClientDefaults = stateDir.resolve("reader.cnf");
        Files.writeString(
                mariadbClientDefaults,
                "[client]\nhost=127.0.0.1\nport=" + mariadb.port() + "\nuser=" + READER
                        + "\npassword=\"it's a \\\\ secret\"\n",
                StandardCharsets.UTF_8);
        postgresCatalog = new PostgresIntrospector(postgres, List.of("public")).introspect(SOURCE, List.of());
        try (Database maria = new Database(
                mariadb.jdbcUrl(MariaDemoDatabase.DATABASE), EmbeddedMariaDb.USER, EmbeddedMariaDb.PASSWORD)) {
            mariaCatalog = new MySqlIntrospector(maria, List.of(MariaDemoDatabase.DATABASE))
                    .introspect(MariaDemoDatabase.ID, List.of());
        }
    }

    @AfterAll
    static void stop() {
        if (postgres != null) postgres.close();
        if (mariadb != null) mariadb.stop();
    }

    @Test
    void aCompleteDatabaseIsNotLoadedAgain() {
        assertThat(loadedAgain).isFalse();
    }

    @Test
    void everyPostgresTableIsAMariaDbTableWithTheSameColumnsInTheSameOrder() {
        Map<String, Table> maria = byTableName(mariaCatalog);
        List<Table> tables =
                postgresCatalog.tables().stream().filter(t -> !t.view()).toList();

        assertThat(tables).hasSizeGreaterThan(100);
        assertThat(maria.keySet())
                .isEqualTo(byTableName(postgresCatalog).entrySet().stream()
                        .filter(e -> !e.getValue().view())
                        .map(Map.Entry::getKey)
                        .collect(Collectors.toSet()));
        assertThat(mariaCatalog.tables())
                .allSatisfy(t -> assertThat(t.name().schema()).isEqualTo(MariaDemoDatabase.DATABASE));
        for (Table pg : tables) {
            Table my = maria.get(pg.name().table());
            assertThat(my.columns().stream().map(Column::name))
                    .as(pg.name().table())
                    .containsExactlyElementsOf(
                            pg.columns().stream().map(Column::name).toList());
            assertThat(my.columns().stream().map(Column::nullable))
                    .as(pg.name().table() + " nullability")
                    .containsExactlyElementsOf(
                            pg.columns().stream().map(Column::nullable).toList());
        }
    }

    @Test
    void tableAndColumnCommentsAreTheSame() {
        Map<String, Table> maria = byTableName(mariaCatalog);
        for (Table pg : postgresCatalog.tables()) {
            if (pg.view()) continue;
            Table my = maria.get(pg.name().table());
            assertThat(my.comment()).as(pg.name().table()).isEqualTo(pg.comment());
            assertThat(my.columns().stream().map(c -> String.valueOf(c.comment())))
                    .as(pg.name().table() + " column comments")
                    .containsExactlyElementsOf(pg.columns().stream()
                            .map(c -> String.valueOf(c.comment()))
                            .toList());
        }
        assertThat(maria.get("employees").column("department_id").orElseThrow().comment())
                .isNotBlank();
    }

    @Test
    void primaryUniqueAndForeignKeysAreTheSame() {
        Map<String, Table> maria = byTableName(mariaCatalog);
        int foreignKeys = 0;
        for (Table pg : postgresCatalog.tables()) {
            if (pg.view()) continue;
            Table my = maria.get(pg.name().table());
            assertThat(my.primaryKey()).as(pg.name().table()).isEqualTo(pg.primaryKey());
            assertThat(Set.copyOf(my.uniqueConstraints()))
                    .as(pg.name().table())
                    .isEqualTo(Set.copyOf(pg.uniqueConstraints()));
            assertThat(references(my)).as(pg.name().table()).isEqualTo(references(pg));
            foreignKeys += pg.foreignKeys().size();
        }
        assertThat(foreignKeys).isGreaterThan(200);
        assertThat(references(maria.get("departments")))
                .contains("manager_employee_id -> employees(employee_id)", "company_id -> companies(company_id)");
    }

    @Test
    void theRowsAreTheSame() throws SQLException {
        for (String table : List.of("employees", "departments", "sales_orders", "journal_lines")) {
            assertThat(count(mariadb.connect(MariaDemoDatabase.DATABASE), "`" + table + "`"))
                    .as(table)
                    .isPositive()
                    .isEqualTo(count(postgres.open(), table));
        }
    }

    @Test
    void theReaderSelectsAndCannotWrite() throws SQLException {
        Properties login = new Properties();
        login.setProperty("user", READER);
        login.setProperty("password", "it's a \\ secret");
        try (Connection reader = DriverManager.getConnection(mariadb.jdbcUrl(MariaDemoDatabase.DATABASE), login);
                Statement s = reader.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM employees")) {
                assertThat(rs.next() && rs.getInt(1) > 0).isTrue();
            }
            assertThatThrownBy(() -> s.execute("DELETE FROM employees"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("DELETE command denied");
        }
    }

    @Test
    void binlogDdlReachesTheStoreThroughChangeCapture() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        try (Database store = new Database(
                        stack.postgres().jdbcUrl("schemarag"),
                        stack.postgres().user(),
                        stack.postgres().password());
                IngestService ingest = new IngestService(
                        IngestService.Config.of(
                                stack.bootstrapServers(),
                                KafkaClientSecurity.none(),
                                stateDir.resolve("ingest"),
                                EmbeddedMariaDb.CAPTURE_USER,
                                EmbeddedMariaDb.CAPTURE_PASSWORD,
                                10),
                        new DatabaseRegistry(List.of(new RegisteredDatabase(
                                CAPTURED,
                                mariadb.jdbcUrl(MariaDemoDatabase.DATABASE),
                                new Credentials(EmbeddedMariaDb.USER, EmbeddedMariaDb.PASSWORD),
                                null,
                                List.of(MariaDemoDatabase.DATABASE),
                                null,
                                null))),
                        () -> new Topics("erp-maria-it-" + System.nanoTime() + ".", stack.registryClient()),
                        OnnxEmbeddingModel.schemaIndexDefault(),
                        store)) {
            store.migrateStore();
            ingest.startLiveSync(StreamsSettings.DEFAULTS, new SimpleMeterRegistry(), () -> {});
            ingest.awaitCaptureReady(Duration.ofSeconds(120));

            captured(
                    "CREATE TABLE capture_probe (probe_id int PRIMARY KEY)",
                    () -> text(store, "table", "capture_probe", "").isPresent());
            captured("ALTER TABLE capture_probe COMMENT 'Parcels handed to the carrier'", () -> text(
                            store, "table", "capture_probe", "")
                    .orElse("")
                    .contains("Parcels handed to the carrier"));
            captured(
                    "ALTER TABLE capture_probe ADD COLUMN shipped_at datetime COMMENT 'When the carrier took it'",
                    () -> text(store, "column", "capture_probe", "shipped_at")
                            .orElse("")
                            .contains("When the carrier took it"));
            captured(
                    "RENAME TABLE capture_probe TO parcels",
                    () -> text(store, "column", "parcels", "shipped_at").isPresent()
                            && text(store, "table", "capture_probe", "").isEmpty());
            assertThat(text(store, "column", "capture_probe", "shipped_at")).isEmpty();
        }
    }

    /** Runs {@code ddl} on erp_maria and waits until the store shows it; prints the commit-to-store latency. */
    private static void captured(String ddl, Callable<Boolean> stored) throws SQLException {
        try (Connection c = mariadb.connect(MariaDemoDatabase.DATABASE);
                Statement s = c.createStatement()) {
            s.execute(ddl);
        }
        long committed = System.nanoTime();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(stored);
        System.out.printf(
                "binlog capture: stored %d ms after the commit of %s%n",
                (System.nanoTime() - committed) / 1_000_000, ddl);
    }

    private static Optional<String> text(Database store, String type, String table, String column) throws SQLException {
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement("SELECT stable_text FROM schema_embeddings"
                        + " WHERE database_id = ? AND entity_type = ? AND table_name = ? AND column_name = ?")) {
            ps.setString(1, CAPTURED);
            ps.setString(2, type);
            ps.setString(3, table);
            ps.setString(4, column);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** Every common MariaDB type once: integers, text, dates, a NULL-able date, DECIMAL, TIMESTAMP, BOOLEAN. */
    private static final String ROWS_SQL = """
            SELECT e.employee_id, e.employee_number, e.first_name, e.hire_date, e.termination_date, e.base_salary,
                   e.created_at, p.is_open, d.name AS department
            FROM erp_maria.employees AS e
            JOIN erp_maria.departments AS d ON d.department_id = e.department_id
            LEFT JOIN erp_maria.job_positions AS p ON p.position_id = e.position_id
            ORDER BY e.employee_id""";

    @Test
    void aValidatedAnswerRunsAsTheReaderAndReadsWhatTheMariadbClientReads() throws Exception {
        try (TargetDatabasesByDialect targets = GenerationSettings.targetDatabases(SETTINGS, registry());
                QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(SETTINGS, registry())) {
            targets.verifyReaders();
            executor.verifyReaders();
            assertThat(targets.dialect(MariaDemoDatabase.ID)).isEqualTo(SqlDialect.MARIADB);
            SchemaColumns columns =
                    targets.columns(MariaDemoDatabase.ID, List.of("erp_maria.employees", "erp_maria.departments"));
            assertThat(columns.columnsOf("erp_maria.employees")).contains("employee_id", "base_salary");

            StatementValidator.Validation validation =
                    new StatementValidator(targets).validate(MariaDemoDatabase.ID, Asker.ANONYMOUS, ROWS_SQL, columns);
            assertThat(validation.rejection()).isEmpty();
            ExecutionOutcome outcome =
                    executor.execute(MariaDemoDatabase.ID, Asker.ANONYMOUS, ROWS_SQL, 1000, Duration.ofSeconds(30));

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Rows.class);
            ExecutionOutcome.Rows rows = (ExecutionOutcome.Rows) outcome;
            assertThat(rows.executedAs()).isEqualTo(READER);
            assertThat(rows.truncated()).isFalse();
            assertThat(rows.rows()).hasSizeGreaterThan(20).isEqualTo(mariadbClient(ROWS_SQL));
            assertThat(rows.columns())
                    .extracting(ResultColumn::name)
                    .containsExactly(
                            "employee_id",
                            "employee_number",
                            "first_name",
                            "hire_date",
                            "termination_date",
                            "base_salary",
                            "created_at",
                            "is_open",
                            "department");
            assertThat(rows.columns().get(5).type()).isEqualTo("DECIMAL");
            assertThat(rows.columns().get(8).source()).contains("erp_maria.departments.name");
        }
    }

    @Test
    void theRowAndByteCapsStopTheStreamAndAnAliasedPiiColumnIsMasked() throws Exception {
        String sql = "SELECT e.email AS contact, e.last_name FROM erp_maria.employees AS e ORDER BY e.employee_id";
        try (QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(SETTINGS, registry())) {
            ExecutionOutcome.Rows capped = (ExecutionOutcome.Rows)
                    executor.execute(MariaDemoDatabase.ID, Asker.ANONYMOUS, sql, 7, Duration.ofSeconds(30));
            assertThat(capped.rows()).hasSize(7);
            assertThat(capped.truncated()).isTrue();
            assertThat(capped.columns().get(0).source()).contains("erp_maria.employees.email");
            assertThat(capped.columns().get(0).masked()).isTrue();
            assertThat(capped.rows()).allSatisfy(row -> assertThat(row.get(0)).isNull());
            assertThat(capped.rows()).allSatisfy(row -> assertThat(row.get(1)).isNotBlank());
            // The connection left with rows unread is dropped, not drained: the next statement runs at once.
            ExecutionOutcome again =
                    executor.execute(MariaDemoDatabase.ID, Asker.ANONYMOUS, sql, 1, Duration.ofSeconds(30));
            assertThat(again).isInstanceOf(ExecutionOutcome.Rows.class);
        }
        String lines = "SELECT j.journal_entry_id, j.line_number, j.debit, j.credit, j.description"
                + " FROM erp_maria.journal_lines AS j ORDER BY j.journal_entry_id, j.line_number";
        Settings smallBytes = Settings.of(Map.of(ExecutionSettings.MAX_BYTES.key(), "1024"));
        try (QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(smallBytes, registry())) {
            ExecutionOutcome.Rows capped = (ExecutionOutcome.Rows)
                    executor.execute(MariaDemoDatabase.ID, Asker.ANONYMOUS, lines, 1000, Duration.ofSeconds(30));
            assertThat(capped.truncated()).isTrue();
            assertThat(capped.rows()).isNotEmpty();
            assertThat(capped.rows().stream()
                            .flatMap(List::stream)
                            .filter(Objects::nonNull)
                            .mapToInt(cell -> cell.getBytes(StandardCharsets.UTF_8).length)
                            .sum())
                    .isLessThanOrEqualTo(1024);
        }
    }

    @Test
    void mariaDbErrorsAreClassifiedForRepairBlockOrInfrastructure() {
        try (TargetDatabasesByDialect targets = GenerationSettings.targetDatabases(SETTINGS, registry())) {
            StatementValidator validator = new StatementValidator(targets);
            assertThat(rejection(validator, "SELECT e.nme FROM erp_maria.employees AS e"))
                    .extracting(StatementValidator.Rejection::errorClass, StatementValidator.Rejection::sqlState)
                    .containsExactly(ErrorClass.SQL_ERROR, "42S22");
            assertThat(rejection(validator, "SELECT count(*) FROM erp_maria.employee"))
                    .extracting(StatementValidator.Rejection::errorClass, StatementValidator.Rejection::sqlState)
                    .containsExactly(ErrorClass.SQL_ERROR, "42S02");
            assertThat(rejection(validator, "SELECT e.first_name FROM erp_maria.employees AS e WHERE e.hire_date >"))
                    .extracting(StatementValidator.Rejection::errorClass)
                    .isEqualTo(ErrorClass.SQL_ERROR);
            // The reader has SELECT on erp_maria only: the server's 1142, though its SQLSTATE is a syntax error's.
            assertThat(rejection(validator, "SELECT u.User FROM mysql.user AS u"))
                    .extracting(StatementValidator.Rejection::errorClass, StatementValidator.Rejection::sqlState)
                    .containsExactly(ErrorClass.VALIDATION_BLOCK, "42000");
            assertThat(rejection(validator, "SELECT 1; DELETE FROM erp_maria.employees"))
                    .extracting(StatementValidator.Rejection::errorClass)
                    .isEqualTo(ErrorClass.VALIDATION_BLOCK);
        }
        // A URL that would let the driver send several statements at once is refused before anything is sent.
        DatabaseRegistry multi = new DatabaseRegistry(
                List.of(at(mariadb.jdbcUrl(MariaDemoDatabase.DATABASE) + "?allowMultiQueries=true")));
        try (TargetDatabasesByDialect targets = GenerationSettings.targetDatabases(SETTINGS, multi)) {
            assertThat(rejection(new StatementValidator(targets), "SELECT 1 AS one"))
                    .satisfies(r -> assertThat(r.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE))
                    .satisfies(r -> assertThat(r.message()).contains("allowMultiQueries"));
        }
    }

    @Test
    void aQueryPastItsTimeBoundEndsAsQueryTimeoutAndLeavesNothingRunning() throws Exception {
        // About 1.3 billion rows to count: a minute on any machine (three joins took 352 ms on a quiet one).
        String slow = "SELECT count(*) FROM erp_maria.journal_lines AS a CROSS JOIN erp_maria.journal_lines AS b"
                + " CROSS JOIN erp_maria.journal_lines AS c CROSS JOIN erp_maria.journal_lines AS d";
        Settings oneSecond = Settings.of(Map.of(ExecutionSettings.STATEMENT_TIMEOUT_MILLIS.key(), "1000"));
        try (TargetDatabasesByDialect targets = GenerationSettings.targetDatabases(SETTINGS, registry());
                QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(oneSecond, registry())) {
            assertThat(new StatementValidator(targets)
                            .validate(MariaDemoDatabase.ID, Asker.ANONYMOUS, slow, SchemaColumns.empty())
                            .rejection())
                    .isEmpty();
            long started = System.nanoTime();
            ExecutionOutcome outcome =
                    executor.execute(MariaDemoDatabase.ID, Asker.ANONYMOUS, slow, 10, Duration.ofSeconds(30));
            long millis = (System.nanoTime() - started) / 1_000_000;
            System.out.println("a query past its 1 s bound on MariaDB ended after " + millis + " ms: " + outcome);

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Rejected.class);
            assertThat(((ExecutionOutcome.Rejected) outcome).errorClass()).isEqualTo(ErrorClass.QUERY_TIMEOUT);
        }
        try (Connection admin = mariadb.connect("");
                PreparedStatement running = admin.prepareStatement("SELECT count(*) FROM information_schema.PROCESSLIST"
                        + " WHERE USER = ? AND COMMAND <> 'Sleep'")) {
            running.setString(1, READER);
            Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> {
                try (ResultSet rs = running.executeQuery()) {
                    return rs.next() && rs.getInt(1) == 0;
                }
            });
        }
    }

    @Test
    void aPrincipalMappedToARoleIsRefusedOnMariaDb() {
        DatabaseRegistry mapped = new DatabaseRegistry(
                List.of(registration.withPrincipals(new Principals(Map.of("alice", "erp_sales"), null))));
        try (TargetDatabasesByDialect targets = GenerationSettings.targetDatabases(SETTINGS, mapped)) {
            assertThat(targets.admits(MariaDemoDatabase.ID, Asker.of("alice"))).isFalse();
            assertThat(targets.explain(
                            MariaDemoDatabase.ID, Asker.of("alice"), "SELECT 1 AS one", Duration.ofSeconds(5)))
                    .isInstanceOfSatisfying(ExplainResult.Refused.class, refused -> {
                        assertThat(refused.errorClass()).isEqualTo(ErrorClass.ACCESS_DENIED);
                        assertThat(refused.reason()).contains("not supported");
                    });
        }
    }

    /** Every documented query of erp_maria's docs (which seed its verified examples) is MariaDB SQL its reader plans. */
    @Test
    void everyDocumentedQueryExplainsOnMariaDbAsTheReader() throws Exception {
        List<String> queries = new ArrayList<>();
        try (Stream<Path> docs = Files.list(registration.docsDir())) {
            for (Path doc : docs.sorted().toList())
                queries.addAll(MySqlQueryTranslation.documentedQueries(Files.readString(doc, StandardCharsets.UTF_8)));
        }
        assertThat(queries).hasSizeGreaterThan(30);
        try (Database reader = new Database(
                        mariadb.jdbcUrl(MariaDemoDatabase.DATABASE),
                        registration.reader().user(),
                        registration.reader().password());
                Connection c = reader.open();
                Statement s = c.createStatement()) {
            for (String sql : queries) {
                String statement = sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
                try (ResultSet plan = s.executeQuery("EXPLAIN " + statement)) {
                    assertThat(plan.next()).as(statement).isTrue();
                } catch (SQLException e) {
                    throw new AssertionError("MariaDB cannot plan the documented query:\n" + statement, e);
                }
            }
        }
    }

    /** The JSON object {@code ask --json} prints. */
    private static final Pattern JSON = Pattern.compile("(?ms)^\\{$.*?^\\}$");

    /**
     * Documented questions of erp_maria whose queries exercise the translation (CONCAT, NULLS FIRST, date_trunc) and
     * order their rows completely.
     */
    private static final List<String> DOCUMENTED_QUESTIONS = List.of(
            "Headcount per department",
            "Direct reports of a manager",
            "Department hierarchy",
            "Monthly invoiced revenue");

    /**
     * {@code ask --db erp_maria --json} with no LLM configured, through the command line and the services as {@code up}
     * runs them: each documented question is answered with its documented query (the verified example seeded from the
     * MariaDB docs), executed on MariaDB as the reader, with the rows the reader reads over JDBC.
     */
    @Test
    void askAnswersTheDocumentedQuestionsOfflineWithTheReadersRows() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        String name = "erp_maria_ask_it";
        stack.postgres().createDatabaseIfMissing(name + "_store");
        Path home = stateDir.resolve("ask");
        Files.createDirectories(home);
        Path databasesFile = home.resolve("databases.json");
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", MariaDemoDatabase.ID);
        entry.put("jdbcUrl", registration.jdbcUrl());
        entry.put("admin", Map.of("user", EmbeddedMariaDb.USER, "password", EmbeddedMariaDb.PASSWORD));
        entry.put(
                "reader",
                Map.of(
                        "user",
                        registration.reader().user(),
                        "password",
                        registration.reader().password()));
        entry.put("schemas", registration.schemas());
        entry.put("annotations", registration.annotationsFile().toAbsolutePath().toString());
        entry.put("docs", registration.docsDir().toAbsolutePath().toString());
        entry.put("execute", true);
        new ObjectMapper().writeValue(databasesFile.toFile(), List.of(entry));
        Map<String, String> properties = Map.of(
                AppSettings.KAFKA_BOOTSTRAP_SERVERS.key(),
                stack.bootstrapServers(),
                AppSettings.SCHEMA_REGISTRY_URL.key(),
                stack.registryUrl(),
                AppSettings.STORE_JDBC_URL.key(),
                stack.postgres().jdbcUrl(name + "_store"),
                AppSettings.STORE_ADMIN_USER.key(),
                stack.postgres().user(),
                AppSettings.STORE_ADMIN_PASSWORD.key(),
                stack.postgres().password(),
                AppSettings.TOPIC_PREFIX.key(),
                name + ".",
                AppSettings.DATABASES_FILE.key(),
                databasesFile.toString(),
                "schemarag.home",
                home.toString());
        properties.forEach(System::setProperty);
        try (Services services = Services.fromEnvironment()) {
            CliTestEnvironment.Run sync = CliTestEnvironment.execute("sync", "--db", MariaDemoDatabase.ID);
            assertThat(sync.exitCode()).as(sync.output() + sync.errors()).isZero();
            DatabaseRegistry registered = TargetDatabases.load(services);
            RunningServices pipeline = new RunningServices(services, registered);
            try (QueryExecutorsByDialect executor = services.queryExecutor(registered);
                    ExecutionService execution = ExecutionMain.service(services, registered, executor)) {
                execution.start(() -> {});
                await().atMost(Duration.ofSeconds(90)).until(() -> execution.state() == KafkaStreams.State.RUNNING);
                for (String question : DOCUMENTED_QUESTIONS) assertAnsweredAsDocumented(question);
            } finally {
                pipeline.close();
            }
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }

    private static void assertAnsweredAsDocumented(String question) throws Exception {
        String documented = documentedQuery(question);
        CliTestEnvironment.Run ask =
                CliTestEnvironment.execute("ask", "--db", MariaDemoDatabase.ID, question, "--json", "--timeout", "60");
        assertThat(ask.exitCode()).as(ask.output() + ask.errors()).isZero();
        Matcher json = JSON.matcher(ask.output());
        assertThat(json.find()).as(ask.output()).isTrue();
        JsonNode answer = new ObjectMapper().readTree(json.group());
        assertThat(answer.path("status").asText()).as(ask.output()).isEqualTo("answered");
        assertThat(statement(answer.path("sql").asText())).as(question).isEqualTo(statement(documented));
        assertThat(answer.path("executedAs").asText()).isEqualTo(READER);
        assertThat(answer.path("truncated").asBoolean()).isFalse();
        List<List<String>> rows = new ArrayList<>();
        answer.path("rows").forEach(row -> {
            List<String> cells = new ArrayList<>();
            row.forEach(cell -> cells.add(cell.isNull() ? null : cell.asText()));
            rows.add(cells);
        });
        List<List<String>> expected = readersRows(statement(documented));
        assertThat(expected).as(question).isNotEmpty();
        assertThat(rows).as(question).isEqualTo(expected);
    }

    /** The SQL erp_maria's docs give under {@code ### Query Pattern: <question>}. */
    private static String documentedQuery(String question) throws IOException {
        String heading = "### Query Pattern: " + question + "\n";
        try (Stream<Path> docs = Files.list(registration.docsDir())) {
            for (Path doc : docs.sorted().toList()) {
                String markdown = Files.readString(doc, StandardCharsets.UTF_8);
                int at = markdown.indexOf(heading);
                if (at < 0) continue;
                int start = markdown.indexOf("```sql\n", at) + "```sql\n".length();
                return markdown.substring(start, markdown.indexOf("```", start));
            }
        }
        throw new AssertionError("no documented query for " + question);
    }

    /** The statement without the trailing semicolon and whitespace a doc may end it with. */
    private static String statement(String sql) {
        String trimmed = sql.strip();
        return trimmed.endsWith(";")
                ? trimmed.substring(0, trimmed.length() - 1).strip()
                : trimmed;
    }

    /** The rows the reader reads over JDBC, each cell as the driver's text. */
    private static List<List<String>> readersRows(String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Database reader = new Database(
                        mariadb.jdbcUrl(MariaDemoDatabase.DATABASE),
                        registration.reader().user(),
                        registration.reader().password());
                Connection c = reader.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) row.add(rs.getString(i));
                rows.add(row);
            }
        }
        return rows;
    }

    /** The IT's registration of erp_maria with another URL. */
    private static RegisteredDatabase at(String jdbcUrl) {
        return new RegisteredDatabase(
                registration.id(),
                jdbcUrl,
                registration.admin(),
                registration.reader(),
                registration.schemas(),
                registration.annotationsFile(),
                registration.docsDir(),
                registration.cdc(),
                registration.execute(),
                registration.principals());
    }

    private static DatabaseRegistry registry() {
        return new DatabaseRegistry(List.of(registration));
    }

    private static StatementValidator.Rejection rejection(StatementValidator validator, String sql) {
        return validator
                .validate(MariaDemoDatabase.ID, Asker.ANONYMOUS, sql, SchemaColumns.empty())
                .rejection()
                .orElseThrow(() -> new AssertionError("valid: " + sql));
    }

    /**
     * The rows the mariadb client prints for {@code sql} as the reader (--batch: tab-separated, NULL spelled out,
     * tabs, newlines and backslashes escaped).
     */
    private static List<List<String>> mariadbClient(String sql) throws Exception {
        Process client = new ProcessBuilder(
                        "mariadb",
                        "--defaults-file=" + mariadbClientDefaults,
                        "--batch",
                        "--skip-column-names",
                        MariaDemoDatabase.DATABASE,
                        "-e",
                        sql)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(client.waitFor()).isZero();
        return out.lines()
                .map(line -> Arrays.stream(line.split("\t", -1))
                        .map(ErpMariaIT::unescaped)
                        .toList())
                .toList();
    }

    private static String unescaped(String cell) {
        if (cell.equals("NULL")) return null;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c != '\\' || i + 1 == cell.length()) {
                text.append(c);
                continue;
            }
            char next = cell.charAt(++i);
            text.append(
                    switch (next) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        case '0' -> '\0';
                        default -> next;
                    });
        }
        return text.toString();
    }

    private static Map<String, Table> byTableName(SchemaCatalog catalog) {
        return catalog.tables().stream().collect(Collectors.toMap(t -> t.name().table(), Function.identity()));
    }

    /** The table's foreign keys without their names, which each server makes up its own way. */
    private static Set<String> references(Table table) {
        return table.foreignKeys().stream().map(ErpMariaIT::reference).collect(Collectors.toSet());
    }

    private static String reference(ForeignKey fk) {
        return String.join(", ", fk.columns()) + " -> " + fk.referencedTable().table() + "("
                + String.join(", ", fk.referencedColumns()) + ")";
    }

    private static int count(Connection connection, String table) throws SQLException {
        try (connection;
                Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
