package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.demo.MariaDemoDatabase;
import dev.schemarag.ingest.mysql.MySqlIntrospector;
import dev.schemarag.ingest.postgres.PostgresIntrospector;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.stack.Directories;
import dev.schemarag.stack.EmbeddedMariaDb;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import dev.schemarag.testkit.TestStackConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo ERP loaded into the real MariaDB that scripts/install-prereqs.sh installs, from the PostgreSQL demo, and
 * introspected through information_schema: the same tables, columns, comments and keys as PostgreSQL's catalog holds.
 * Live sync reads its DDL from the binlog: Debezium's MariaDB connector → Kafka → embedding updater → pgvector.
 */
class ErpMariaIT {
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
                        new IngestService.Config(
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
