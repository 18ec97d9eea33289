package dev.schemarag.app.doctor;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.SlotState;
import dev.schemarag.core.admin.CheckResult;
import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.cdc.DdlCaptureInstaller;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * What {@code schemarag doctor} checks, one diagnosis per component: broker, schema registry, store, each registered
 * database (its admin and reader logins, DDL capture, replication slot: engine attached, lag, retained WAL), the
 * embedding model files and the LLM endpoint; each failure with how to fix it.
 */
public final class Checkup {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private Checkup() {}

    public static List<Diagnosis> of(Services services) {
        List<Diagnosis> diagnoses = new ArrayList<>();
        diagnoses.add(broker(services));
        diagnoses.add(readiness(
                ReadinessChecks.registry(services.security().registryClient(services.registryUrl())),
                "check SCHEMA_REGISTRY_URL (" + services.registryUrl() + ") or start it: ./schemarag stack up"));
        diagnoses.add(store(services));
        diagnoses.addAll(databases(services));
        diagnoses.add(model(services, AppSettings.EMBEDDING_MODEL));
        diagnoses.add(model(services, AppSettings.EXAMPLES_EMBEDDING_MODEL));
        diagnoses.add(llm(services));
        return diagnoses;
    }

    private static Diagnosis broker(Services services) {
        Map<String, Object> config = services.security().clientConfig(services.bootstrapServers());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        try (Admin admin = Admin.create(config)) {
            int nodes = admin.describeCluster()
                    .nodes()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .size();
            return Diagnosis.ok("kafka", nodes + " broker(s) at " + services.bootstrapServers());
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Diagnosis.failed(
                    "kafka",
                    "unreachable at " + services.bootstrapServers() + " ("
                            + e.getClass().getSimpleName() + ")",
                    "check KAFKA_BOOTSTRAP_SERVERS and the KAFKA_SECURITY_* settings, or start it: ./schemarag stack up");
        }
    }

    private static Diagnosis store(Services services) {
        String fix = "check STORE_JDBC_URL, STORE_USER/STORE_PASSWORD (and STORE_ADMIN_* to create them), or start"
                + " it: ./schemarag stack up";
        try {
            return readiness(ReadinessChecks.store(services.store()), fix);
        } catch (RuntimeException e) { // the administrator could not prepare the store
            return Diagnosis.failed("store", e.getClass().getSimpleName(), fix);
        }
    }

    private static Diagnosis readiness(ReadinessCheck check, String fix) {
        try {
            CheckResult result = check.check();
            return result.up()
                    ? Diagnosis.ok(check.name(), result.detail())
                    : Diagnosis.failed(check.name(), result.detail(), fix);
        } catch (Exception e) {
            return Diagnosis.failed(check.name(), "unreachable (" + e.getClass().getSimpleName() + ")", fix);
        }
    }

    private static List<Diagnosis> databases(Services services) {
        DatabaseRegistry registry;
        try {
            registry = TargetDatabases.load(services);
        } catch (Exception e) {
            return List.of(Diagnosis.failed(
                    "databases file",
                    e.getMessage(),
                    "correct " + TargetDatabases.file(services) + ", or register with schemarag db add"));
        }
        List<Diagnosis> diagnoses = new ArrayList<>();
        for (RegisteredDatabase db : registry.all()) diagnoses.addAll(database(db));
        return diagnoses;
    }

    /** Connection and DDL capture over the admin login, the reader's login, then the slot. */
    private static List<Diagnosis> database(RegisteredDatabase db) {
        String name = "db " + db.id();
        List<Diagnosis> diagnoses = new ArrayList<>();
        if (db.admin() == null)
            return List.of(Diagnosis.failed(name, "no admin login registered", "add \"admin\" to its registration"));
        if (db.dialect() != SqlDialect.POSTGRESQL) return MySqlCheckup.database(db);
        try (Database admin =
                        new Database(db.jdbcUrl(), db.admin().user(), db.admin().password());
                Connection c = admin.open()) {
            diagnoses.add(Diagnosis.ok(name, "reachable as " + db.admin().user()));
            diagnoses.add(reader(db));
            diagnoses.add(
                    DdlCaptureInstaller.installed(c)
                            ? Diagnosis.ok(name + " DDL capture", "event triggers and publication installed")
                            : Diagnosis.failed(
                                    name + " DDL capture",
                                    "not installed",
                                    "run schemarag db add, or start ingest with a superuser admin login"));
            diagnoses.add(slot(db, SlotState.read(c, DebeziumDdlCapture.slotName(db.id()))));
        } catch (SQLException e) {
            diagnoses.add(Diagnosis.failed(
                    name,
                    "unreachable as " + db.admin().user() + " (SQLSTATE " + e.getSQLState() + ")",
                    "check its jdbcUrl and admin login, and that the server is up and accepts this host"));
        }
        return diagnoses;
    }

    private static Diagnosis reader(RegisteredDatabase db) {
        String name = "db " + db.id() + " reader";
        Credentials reader = db.reader();
        if (reader == null)
            return Diagnosis.failed(
                    name, "no reader login: generation cannot validate", "add \"reader\" (see schemarag db add)");
        try (Database login = new Database(db.jdbcUrl(), reader.user(), reader.password());
                Connection c = login.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_setting('default_transaction_read_only'),"
                        + " (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)")) {
            rs.next();
            if (!"on".equals(rs.getString(1)) || rs.getBoolean(2))
                return Diagnosis.failed(
                        name,
                        reader.user() + " is not read-only",
                        "ALTER ROLE " + reader.user() + " SET default_transaction_read_only = on (and no superuser)");
            return Diagnosis.ok(name, reader.user() + ", read-only");
        } catch (SQLException e) {
            return Diagnosis.failed(
                    name,
                    "cannot log in as " + reader.user() + " (SQLSTATE " + e.getSQLState() + ")",
                    "check the reader's password in the databases file, or run schemarag db add again");
        }
    }

    private static Diagnosis slot(RegisteredDatabase db, Optional<SlotState> state) {
        String name = "db " + db.id() + " CDC";
        String slot = DebeziumDdlCapture.slotName(db.id());
        if (state.isEmpty())
            return Diagnosis.failed(
                    name, "no replication slot " + slot, "start ingest (./schemarag up); it creates the slot");
        SlotState s = state.get();
        String figures = "lag " + SlotState.bytes(s.lagBytes()) + ", retains " + SlotState.bytes(s.retainedBytes());
        if (s.retainedBytes() > SlotState.RETAINED_WAL_LIMIT)
            return Diagnosis.failed(
                    name,
                    "slot " + slot + " " + figures,
                    "the server keeps WAL for it: start ingest, or schemarag db remove " + db.id()
                            + " when the database is no longer indexed");
        if (!s.active())
            return Diagnosis.failed(
                    name, "no engine streams from " + slot + " (" + figures + ")", "start ingest (./schemarag up)");
        return Diagnosis.ok(name, "engine attached to " + slot + ", " + figures);
    }

    private static Diagnosis model(Services services, Setting<String> setting) {
        String id = services.settings().get(setting);
        return OnnxEmbeddingModel.Choice.byId(id).present()
                ? Diagnosis.ok("model " + id, "on the classpath")
                : Diagnosis.failed(
                        "model " + id,
                        "missing from the classpath",
                        "rebuild (./schemarag builds it); the model ships in a LangChain4j jar");
    }

    private static Diagnosis llm(Services services) {
        String base = services.settings().get(LlmSettings.BASE_URL).strip();
        if (base.isEmpty()) return Diagnosis.ok("llm", "none configured: offline answers from verified examples");
        String models = base.replaceAll("/+$", "") + "/models";
        try {
            HttpRequest.Builder request =
                    HttpRequest.newBuilder(URI.create(models)).timeout(TIMEOUT).GET();
            String key = services.settings().get(LlmSettings.API_KEY);
            if (!key.isBlank()) request.header("Authorization", "Bearer " + key);
            int status = HttpClient.newBuilder()
                    .connectTimeout(TIMEOUT)
                    .build()
                    .send(request.build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            if (status == 200) return Diagnosis.ok("llm", models + " answers");
            if (status == 401 || status == 403)
                return Diagnosis.failed("llm", models + " refuses the key (HTTP " + status + ")", "check LLM_API_KEY");
            return Diagnosis.failed(
                    "llm",
                    models + " answers HTTP " + status,
                    "check LLM_BASE_URL: the API base, e.g. https://api.openai.com/v1");
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Diagnosis.failed(
                    "llm",
                    "unreachable at " + models + " (" + e.getClass().getSimpleName() + ")",
                    "check LLM_BASE_URL, or leave it empty to answer offline");
        }
    }
}
