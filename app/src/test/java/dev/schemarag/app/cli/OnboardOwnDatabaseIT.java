package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.DatabasesWatch;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.generation.main.ExecutionMain;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.stack.Directories;
import dev.schemarag.stack.EmbeddedMariaDb;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.testkit.SharedTestStack;
import dev.schemarag.testkit.TestStackConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person's own PostgreSQL database, not the demo: a fresh five-table clinic schema is onboarded with {@code db add}
 * through the command line while ingest runs (which picks it up from the databases file), documented with
 * {@code db docs --init}, answered offline, changed and waited for with {@code db wait}, checked by {@code doctor},
 * and removed with {@code db remove} while ingest still runs, which leaves no replication slot, publication, event
 * trigger, capture schema or role behind.
 */
class OnboardOwnDatabaseIT {
    private static final String ID = "clinic";
    private static final String DB = "onboard_clinic_it";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String CLINIC = """
            CREATE TABLE doctors (doctor_id int PRIMARY KEY, full_name text NOT NULL, specialty text);
            CREATE TABLE patients (patient_id int PRIMARY KEY, full_name text NOT NULL, birth_date date);
            CREATE TABLE appointments (appointment_id int PRIMARY KEY,
                patient_id int NOT NULL REFERENCES patients, doctor_id int NOT NULL REFERENCES doctors,
                starts_at timestamptz NOT NULL, reason text);
            CREATE TABLE medications (medication_id int PRIMARY KEY, name text NOT NULL, unit text);
            CREATE TABLE prescriptions (prescription_id int PRIMARY KEY,
                appointment_id int NOT NULL REFERENCES appointments, medication_id int NOT NULL REFERENCES medications,
                dose numeric(8,2) NOT NULL);
            COMMENT ON TABLE appointments IS 'Visits of patients to doctors';
            """;

    private static final String QUESTION = "How many appointments does each doctor have?";
    private static final String DOCUMENTED_SQL =
            "SELECT a.doctor_id, count(*) FROM public.appointments a GROUP BY a.doctor_id";
    private static final String PATTERN = """
            ## Common Queries

            ### Query Pattern: %s
            ```sql
            %s
            ```
            """.formatted(QUESTION, DOCUMENTED_SQL);

    private final Map<String, String> properties = new LinkedHashMap<>();
    private final EmbeddedStack stack = SharedTestStack.get();

    @AfterEach
    void clearProperties() {
        properties.keySet().forEach(System::clearProperty);
    }

    @Test
    void addAnswerChangeWaitAndRemoveWhileIngestRunsLeaveNothingBehind(@TempDir Path home) throws Exception {
        stack.postgres().createDatabaseIfMissing(DB);
        stack.postgres().createDatabaseIfMissing(DB + "_store");
        try (Connection c = stack.postgres().connect(DB);
                Statement s = c.createStatement()) {
            s.execute(CLINIC);
        }
        Path databasesFile = Files.createDirectories(home.resolve("conf")).resolve("databases.json");
        Files.writeString(databasesFile, "[]"); // ingest runs before any database is registered
        settings(home, databasesFile);

        try (Services services = Services.fromEnvironment()) {
            DatabaseRegistry registry = TargetDatabases.load(services);
            runIngest(services, registry, home, databasesFile);
        }

        assertThat(rows(DB, "SELECT slot_name FROM pg_replication_slots WHERE slot_name = 'schemarag_clinic'"))
                .isEmpty();
        assertThat(rows(DB, "SELECT pubname FROM pg_publication")).isEmpty();
        assertThat(rows(DB, "SELECT evtname FROM pg_event_trigger")).isEmpty();
        assertThat(rows(DB, "SELECT nspname FROM pg_namespace WHERE nspname = 'schemarag_cdc'"))
                .isEmpty();
        assertThat(rows(DB, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'schemarag_clinic%'"))
                .isEmpty();
        assertThat(Files.readString(databasesFile)).doesNotContain("\"clinic\"");
        try (Services services = Services.fromEnvironment()) {
            assertThat(new PgVectorSchemaStore(services.store()).tables(ID)).isEmpty();
        }
    }

    @Test
    void anAdminThatIsNoSuperuserGetsTheSqlToRunAndASuperuserRemoves(@TempDir Path home) throws Exception {
        String db = "onboard_owner_it";
        stack.postgres().createDatabaseIfMissing(db);
        stack.postgres().createDatabaseIfMissing(DB + "_store");
        try (Connection c = stack.postgres().connect(db);
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE onboard_owner LOGIN PASSWORD 'owner-secret'");
            s.execute("GRANT CREATE ON DATABASE " + db + " TO onboard_owner");
            s.execute("CREATE SCHEMA shop AUTHORIZATION onboard_owner");
            s.execute("SET ROLE onboard_owner");
            s.execute("CREATE TABLE shop.orders (order_id int PRIMARY KEY, placed_on date)");
        }
        Path databasesFile = home.resolve("databases.json");
        settings(home, databasesFile);
        System.setProperty("db.admin.password", "owner-secret");
        String[] add = {
            "db",
            "add",
            "--id",
            "shop",
            "--jdbc-url",
            stack.postgres().jdbcUrl(db),
            "--admin-user",
            "onboard_owner",
            "--schemas",
            "shop"
        };

        CliTestEnvironment.Run missingSchema = CliTestEnvironment.execute(
                "db",
                "add",
                "--id",
                "shop",
                "--jdbc-url",
                stack.postgres().jdbcUrl(db),
                "--admin-user",
                "onboard_owner",
                "--schemas",
                "shop,nowhere");
        assertThat(missingSchema.exitCode()).isEqualTo(ExitCode.FAILED);

        CliTestEnvironment.Run first = CliTestEnvironment.execute(add);

        assertThat(first.exitCode()).isEqualTo(ExitCode.FAILED);
        Path script = home.resolve(".schemarag/db-add-shop.sql");
        assertThat(script).exists();
        assertThat(databasesFile).doesNotExist();
        assertThat(rows(db, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'schemarag_shop%'"))
                .isEmpty();

        // What the superuser runs with psql -v reader_password=... -v cdc_password=... -f <script>.
        try (Connection c = stack.postgres().connect(db);
                Statement s = c.createStatement()) {
            s.execute(Files.readString(script)
                    .replace(":'reader_password'", "'reader-secret'")
                    .replace(":'cdc_password'", "'cdc-secret'"));
        }
        System.setProperty("db.reader.password", "reader-secret");
        System.setProperty("db.cdc.password", "cdc-secret");
        properties.put("db.reader.password", "");
        properties.put("db.cdc.password", "");
        CliTestEnvironment.Run second = CliTestEnvironment.execute(add);

        assertThat(second.exitCode()).as(second.output()).isZero();
        assertThat(second.output()).contains("sync shop: 1 tables");
        assertThat(rows(
                        db,
                        "SELECT rolname || ':' || rolreplication FROM pg_roles WHERE rolname LIKE 'schemarag_shop%'"
                                + " ORDER BY 1"))
                .containsExactly("schemarag_shop_cdc:true", "schemarag_shop_reader:false");
        CliTestEnvironment.Run doctor = CliTestEnvironment.execute("doctor");
        assertThat(doctor.output())
                .contains("ok   db shop reader")
                .contains("ok   db shop DDL capture")
                .containsPattern("FAIL db shop CDC +no replication slot schemarag_shop")
                .contains("fix: start ingest");
        assertThat(doctor.exitCode()).isEqualTo(1);

        CliTestEnvironment.Run asOwner = CliTestEnvironment.execute("db", "remove", "shop");
        assertThat(asOwner.exitCode())
                .as("the owner cannot drop event triggers")
                .isEqualTo(ExitCode.FAILED);
        assertThat(Files.readString(databasesFile)).as("nothing changed").contains("\"shop\"");
        System.setProperty("db.admin.password", stack.postgres().password());
        CliTestEnvironment.Run asSuperuser = CliTestEnvironment.execute(
                "db", "remove", "shop", "--admin-user", stack.postgres().user());

        assertThat(asSuperuser.exitCode()).as(asSuperuser.output()).isZero();
        assertThat(rows(db, "SELECT evtname FROM pg_event_trigger")).isEmpty();
        assertThat(rows(db, "SELECT pubname FROM pg_publication")).isEmpty();
        assertThat(rows(db, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'schemarag_shop%'"))
                .isEmpty();
    }

    private void runIngest(Services services, DatabaseRegistry registry, Path home, Path databasesFile)
            throws Exception {
        try (IngestService ingest = services.ingest(registry)) {
            ingest.startLiveSync(StreamsSettings.DEFAULTS, new SimpleMeterRegistry(), () -> {});
            DatabasesWatch watch = IngestMain.watch(services, registry, ingest);
            try {
                onboardAnswerChangeAndRemove(services, ingest, home, databasesFile);
            } finally {
                watch.close();
            }
        }
    }

    private void onboardAnswerChangeAndRemove(Services services, IngestService ingest, Path home, Path databasesFile)
            throws Exception {
        CliTestEnvironment.Run add = CliTestEnvironment.execute(
                "db",
                "add",
                "--id",
                ID,
                "--jdbc-url",
                stack.postgres().jdbcUrl(DB),
                "--admin-user",
                stack.postgres().user());

        assertThat(add.exitCode()).as(add.output()).isZero();
        assertThat(add.output())
                .contains("registered clinic in " + databasesFile)
                .contains("sync clinic: 5 tables");
        assertThat(Files.readString(databasesFile))
                .contains("schemarag_clinic_reader")
                .contains("schemarag_clinic_cdc");
        assertThat(rows(
                        DB,
                        "SELECT rolname || ':' || rolreplication FROM pg_roles WHERE rolname LIKE 'schemarag_clinic%'"
                                + " ORDER BY 1"))
                .containsExactly("schemarag_clinic_cdc:true", "schemarag_clinic_reader:false");
        assertThat(rows(DB, "SELECT evtname FROM pg_event_trigger ORDER BY 1"))
                .containsExactly("schemarag_ddl_end", "schemarag_sql_drop");
        assertThat(CliTestEnvironment.execute(
                                "db",
                                "add",
                                "--id",
                                ID,
                                "--jdbc-url",
                                stack.postgres().jdbcUrl(DB),
                                "--admin-user",
                                stack.postgres().user())
                        .exitCode())
                .as("the same id twice")
                .isEqualTo(ExitCode.USAGE);
        // The running ingest picks the new database up from the file: no restart.
        await().atMost(WAIT).until(() -> ingest.captureStatus().stream()
                .anyMatch(c -> c.databaseId().equals(ID) && c.running()));
        ingest.awaitCaptureReady(WAIT);

        CliTestEnvironment.Run docs = CliTestEnvironment.execute("db", "docs", "--init", ID);
        assertThat(docs.exitCode()).as(docs.output()).isZero();
        Path appointments = home.resolve("conf/docs/clinic/appointments.md");
        assertThat(Files.readString(appointments))
                .contains("# Table: appointments", "Visits of patients to doctors", "- **patients** via patient_id");
        // A person documents one common query; sync indexes it, and it answers offline.
        Files.writeString(appointments, Files.readString(appointments).replace("## Common Queries\n", PATTERN));
        assertThat(CliTestEnvironment.execute("sync", "--db", ID).output()).contains("doc chunks");

        RunningServices pipeline = new RunningServices(services, TargetDatabases.load(services));
        try {
            CliTestEnvironment.Run ask =
                    CliTestEnvironment.execute("ask", "--db", ID, QUESTION, "--json", "--timeout", "60");
            assertThat(ask.exitCode()).as(ask.output()).isZero();
            assertThat(ask.output()).contains("\"status\" : \"answered\"").contains(DOCUMENTED_SQL);
        } finally {
            pipeline.close();
        }

        CliTestEnvironment.Run doctor = CliTestEnvironment.execute("doctor");
        assertThat(doctor.exitCode()).as(doctor.output()).isZero();
        assertThat(doctor.output())
                .containsPattern("ok +db clinic CDC +engine attached to schemarag_clinic")
                .contains("ok   db clinic reader");
        CliTestEnvironment.Run list = CliTestEnvironment.execute("db", "list");
        assertThat(list.exitCode()).as(list.output()).isZero();
        assertThat(list.output()).containsPattern("(?m)^clinic\\s+5\\s+\\d+\\s+active\\s");

        try (Connection c = stack.postgres().connect(DB);
                Statement s = c.createStatement()) {
            s.execute("ALTER TABLE patients ADD COLUMN blood_type text");
            s.execute("CREATE TABLE wards (ward_id int PRIMARY KEY, name text)");
        }
        CliTestEnvironment.Run wait = CliTestEnvironment.execute("db", "wait", ID, "--timeout", "60");

        assertThat(wait.exitCode()).as(wait.output()).isZero();
        PgVectorSchemaStore store = new PgVectorSchemaStore(services.store());
        // No polling: when db wait returns, the changes are in the index.
        assertThat(store.tables(ID)).contains(new TableName("public", "wards")).hasSize(6);
        assertThat(store.hashes(ID, new TableName("public", "patients")).keySet())
                .extracting(EntityKey::column)
                .contains("blood_type");

        // Ingest still runs: it stops the engine when the file drops the database, and remove drops the slot then.
        CliTestEnvironment.Run remove = CliTestEnvironment.execute("db", "remove", ID);

        assertThat(remove.exitCode()).as(remove.output()).isZero();
        assertThat(ingest.captureStatus()).noneMatch(c -> c.databaseId().equals(ID));
    }

    private static final String MARIA_DB = "onboard_clinic_it";
    private static final String MARIA_ID = "clinic_maria";
    private static final String MARIA_CLINIC = """
            CREATE TABLE doctors (doctor_id int PRIMARY KEY, full_name varchar(100) NOT NULL, specialty varchar(100));
            CREATE TABLE patients (patient_id int PRIMARY KEY, full_name varchar(100) NOT NULL, birth_date date);
            CREATE TABLE appointments (appointment_id int PRIMARY KEY, patient_id int NOT NULL, doctor_id int NOT NULL,
                starts_at datetime NOT NULL, reason varchar(200),
                FOREIGN KEY (patient_id) REFERENCES patients (patient_id),
                FOREIGN KEY (doctor_id) REFERENCES doctors (doctor_id)) COMMENT 'Visits of patients to doctors';
            CREATE TABLE medications (medication_id int PRIMARY KEY, name varchar(100) NOT NULL, unit varchar(20));
            CREATE TABLE prescriptions (prescription_id int PRIMARY KEY, appointment_id int NOT NULL,
                medication_id int NOT NULL, dose decimal(8,2) NOT NULL,
                FOREIGN KEY (appointment_id) REFERENCES appointments (appointment_id),
                FOREIGN KEY (medication_id) REFERENCES medications (medication_id));
            INSERT INTO doctors VALUES (1, 'Ada Lovelace', 'cardiology'), (2, 'Alan Turing', 'neurology');
            INSERT INTO patients VALUES (1, 'Grace Hopper', '1906-12-09'), (2, 'Edsger Dijkstra', '1930-05-11');
            INSERT INTO appointments VALUES (1, 1, 1, '2026-11-02 09:00', 'check-up'),
                (2, 2, 1, '2026-11-03 10:00', 'follow-up'), (3, 1, 2, '2026-11-04 11:00', 'headache');
            """;
    private static final String MARIA_LLM_QUESTION = "Which doctor has the most appointments?";
    private static final String MARIA_LLM_SQL = "SELECT d.full_name, count(*) AS visits FROM " + MARIA_DB
            + ".appointments AS a JOIN " + MARIA_DB + ".doctors AS d ON d.doctor_id = a.doctor_id"
            + " GROUP BY d.full_name ORDER BY visits DESC LIMIT 1";
    private static final String MARIA_SQL = "SELECT a.doctor_id, count(*) AS visits FROM " + MARIA_DB
            + ".appointments AS a GROUP BY a.doctor_id ORDER BY a.doctor_id";

    /**
     * The same on a MariaDB server of the test's own: db add checks the binlog and creates the reader and capture
     * users, ingest picks the database up and reads its binlog, two questions are answered through the pipeline
     * (retrieval, the scripted model, validation, execution) with rows read as the reader, a column added with a
     * comment reaches retrieval's context through binlog capture, and db remove drops the users.
     */
    @Test
    void aMariaDbDatabaseIsOnboardedAnsweredWithRowsChangedAndRemoved(@TempDir Path home) throws Exception {
        long started = System.nanoTime();
        // Not under @TempDir: the server runs as the OS user mysql, which may not enter a directory only root may.
        Path mariaDir = Path.of(System.getProperty("schemarag.test.dir", "target/it-stack"), "onboard-maria-it");
        Directories.deleteRecursively(mariaDir);
        EmbeddedMariaDb maria = new EmbeddedMariaDb(mariaDir, TestStackConfig.freePorts(1)[0], false);
        maria.start();
        try (ScriptedChatCompletions llm = new ScriptedChatCompletions()) {
            // With a model configured, questions go to it, the documented one too (its query is among the examples).
            llm.answer(QUESTION, MARIA_SQL);
            llm.answer(MARIA_LLM_QUESTION, MARIA_LLM_SQL);
            try (Connection c = maria.connect("");
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + MARIA_DB);
                c.setCatalog(MARIA_DB);
                for (String statement : MARIA_CLINIC.split(";\\s*\\n")) if (!statement.isBlank()) s.execute(statement);
            }
            stack.postgres().createDatabaseIfMissing(DB + "_store");
            Path databasesFile = Files.createDirectories(home.resolve("conf")).resolve("databases.json");
            Files.writeString(databasesFile, "[]");
            settings(home, databasesFile);
            System.setProperty("db.admin.password", EmbeddedMariaDb.PASSWORD);
            properties.put(LlmSettings.BASE_URL.key(), llm.baseUrl().toString());
            System.setProperty(LlmSettings.BASE_URL.key(), llm.baseUrl().toString());
            try (Services services = Services.fromEnvironment()) {
                DatabaseRegistry registry = TargetDatabases.load(services);
                try (IngestService ingest = services.ingest(registry)) {
                    ingest.startLiveSync(StreamsSettings.DEFAULTS, new SimpleMeterRegistry(), () -> {});
                    DatabasesWatch watch = IngestMain.watch(services, registry, ingest);
                    try {
                        onboardMariaDb(services, ingest, maria, home, databasesFile);
                    } finally {
                        watch.close();
                    }
                }
            }
            assertThat(mariaRows(maria, "SELECT User FROM mysql.user WHERE User LIKE 'schemarag_clinic_maria%'"))
                    .isEmpty();
            assertThat(Files.readString(databasesFile)).doesNotContain(MARIA_ID);
        } finally {
            maria.stop();
        }
        System.out.printf("MariaDB onboarding took %d ms%n", (System.nanoTime() - started) / 1_000_000);
    }

    private void onboardMariaDb(
            Services services, IngestService ingest, EmbeddedMariaDb maria, Path home, Path databasesFile)
            throws Exception {
        String url = maria.jdbcUrl(MARIA_DB);
        CliTestEnvironment.Run missing = CliTestEnvironment.execute(
                "db",
                "add",
                "--id",
                MARIA_ID,
                "--jdbc-url",
                url,
                "--admin-user",
                EmbeddedMariaDb.USER,
                "--schemas",
                "no_such_db");
        assertThat(missing.exitCode()).as(missing.output()).isEqualTo(ExitCode.FAILED);
        assertThat(missing.errors())
                .contains("problem: database no_such_db does not exist on the server")
                .contains("fix: give the databases to index with --schemas");

        CliTestEnvironment.Run add = CliTestEnvironment.execute(
                "db", "add", "--id", MARIA_ID, "--jdbc-url", url, "--admin-user", EmbeddedMariaDb.USER, "--execute");
        assertThat(add.exitCode()).as(add.output()).isZero();
        assertThat(add.output())
                .contains("creating users schemarag_clinic_maria_reader (SELECT only) and schemarag_clinic_maria_cdc")
                .contains("registered " + MARIA_ID + " in " + databasesFile)
                .contains("sync " + MARIA_ID + ": 5 tables");
        assertThat(mariaRows(
                        maria,
                        "SELECT concat(User, ':', max_user_connections, ':', max_statement_time) FROM mysql.user"
                                + " WHERE User LIKE 'schemarag_clinic_maria%' ORDER BY User"))
                .containsExactly("schemarag_clinic_maria_cdc:0:0.000000", "schemarag_clinic_maria_reader:20:5.000000");
        await().atMost(WAIT).until(() -> ingest.captureStatus().stream()
                .anyMatch(c -> c.databaseId().equals(MARIA_ID) && c.running()));
        ingest.awaitCaptureReady(WAIT);

        CliTestEnvironment.Run docs = CliTestEnvironment.execute("db", "docs", "--init", MARIA_ID);
        assertThat(docs.exitCode()).as(docs.output()).isZero();
        Path appointments = home.resolve("conf/docs/" + MARIA_ID + "/appointments.md");
        Files.writeString(
                appointments,
                Files.readString(appointments)
                        .replace(
                                "## Common Queries\n",
                                "## Common Queries\n\n### Query Pattern: " + QUESTION + "\n```sql\n" + MARIA_SQL
                                        + "\n```\n"));
        assertThat(CliTestEnvironment.execute("sync", "--db", MARIA_ID).output())
                .contains("doc chunks");
        DatabaseRegistry registered = TargetDatabases.load(services);
        RunningServices pipeline = new RunningServices(services, registered);
        // The database is registered with --execute: its answers are run by the execution service, as up runs it.
        try (QueryExecutorsByDialect executor = services.queryExecutor(registered);
                ExecutionService execution = ExecutionMain.service(services, registered, executor)) {
            execution.start(() -> {});
            await().atMost(WAIT).until(() -> execution.state() == KafkaStreams.State.RUNNING);
            CliTestEnvironment.Run ask =
                    CliTestEnvironment.execute("ask", "--db", MARIA_ID, QUESTION, "--json", "--timeout", "60");
            assertThat(ask.exitCode()).as(ask.output()).isZero();
            assertThat(ask.output())
                    .contains("\"status\" : \"answered\"")
                    .contains("\"executedAs\" : \"schemarag_clinic_maria_reader\"")
                    .containsPattern("\\[ \\[ \"1\", \"2\" \\],\\s*\\[ \"2\", \"1\" \\] \\]");
            // A question no doc answers: the scripted model writes MariaDB SQL, validated and run as the reader.
            CliTestEnvironment.Run generated = CliTestEnvironment.execute(
                    "ask", "--db", MARIA_ID, MARIA_LLM_QUESTION, "--json", "--timeout", "60");
            assertThat(generated.exitCode()).as(generated.output()).isZero();
            assertThat(generated.output())
                    .contains("\"status\" : \"answered\"")
                    .containsPattern("\\[ \\[ \"Ada Lovelace\", \"2\" \\] \\]");
        } finally {
            pipeline.close();
        }

        try (Connection c = maria.connect(MARIA_DB);
                Statement s = c.createStatement()) {
            s.execute("ALTER TABLE patients ADD COLUMN blood_type varchar(3) COMMENT 'ABO group and rhesus factor'");
        }
        long waitStarted = System.nanoTime();
        CliTestEnvironment.Run wait = CliTestEnvironment.execute("db", "wait", MARIA_ID, "--timeout", "60");
        assertThat(wait.exitCode()).as(wait.output()).isZero();
        System.out.printf("db wait on MariaDB took %d ms%n", (System.nanoTime() - waitStarted) / 1_000_000);
        // No polling: when db wait returns, the column and its comment are in the index.
        assertThat(new PgVectorSchemaStore(services.store())
                        .hashes(MARIA_ID, new TableName(MARIA_DB, "patients"))
                        .keySet())
                .extracting(EntityKey::column)
                .contains("blood_type");
        CliTestEnvironment.Run context =
                CliTestEnvironment.execute("context", "--db", MARIA_ID, "Which blood group does each patient have?");
        assertThat(context.output())
                .as(context.output())
                .contains("blood_type")
                .contains("ABO group and rhesus factor");

        CliTestEnvironment.Run remove = CliTestEnvironment.execute("db", "remove", MARIA_ID);
        assertThat(remove.exitCode()).as(remove.output()).isZero();
        assertThat(remove.output())
                .contains("users dropped: schemarag_clinic_maria_reader, schemarag_clinic_maria_cdc");
        await().atMost(WAIT).until(() -> ingest.captureStatus().stream()
                .noneMatch(c -> c.databaseId().equals(MARIA_ID)));
    }

    private static List<String> mariaRows(EmbeddedMariaDb maria, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = maria.connect("");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) rows.add(rs.getString(1));
        }
        return rows;
    }

    private void settings(Path home, Path databasesFile) {
        properties.put(AppSettings.KAFKA_BOOTSTRAP_SERVERS.key(), stack.bootstrapServers());
        properties.put(AppSettings.SCHEMA_REGISTRY_URL.key(), stack.registryUrl());
        properties.put(AppSettings.STORE_JDBC_URL.key(), stack.postgres().jdbcUrl(DB + "_store"));
        properties.put(AppSettings.STORE_ADMIN_USER.key(), stack.postgres().user());
        properties.put(AppSettings.STORE_ADMIN_PASSWORD.key(), stack.postgres().password());
        properties.put(AppSettings.TOPIC_PREFIX.key(), DB + ".");
        properties.put(AppSettings.DATABASES_FILE.key(), databasesFile.toString());
        properties.put("db.admin.password", stack.postgres().password());
        properties.put("cdc.heartbeat.interval.ms", "300");
        properties.put("schemarag.home", home.toString());
        properties.forEach(System::setProperty);
    }

    private List<String> rows(String database, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = stack.postgres().connect(database);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) rows.add(rs.getString(1));
        }
        return rows;
    }
}
