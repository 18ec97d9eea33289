package dev.schemarag.ingest.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ingest admin endpoint over real HTTP, with a real ingest service syncing a database of the test stack into its
 * store. A sync is held in the running state by locking the store's embeddings table from the test, which is what a
 * long sync looks like to everything else.
 */
class IngestAdminServerIT {
    private static final String TOKEN = "it-admin-token-0123456789abcdef";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String DB = "admin_it";

    private static Database store;
    private static IngestService ingest;
    private static IngestAdminServer server;
    private static final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        stack.postgres().createDatabaseIfMissing(DB + "_store");
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database target = new Database(stack.postgres().jdbcUrl(DB), user, password);
                Connection session = target.borrow();
                Statement s = session.createStatement()) {
            s.execute("""
                    CREATE TABLE IF NOT EXISTS departments (department_id int PRIMARY KEY, department_name text);
                    CREATE TABLE IF NOT EXISTS employees (employee_id int PRIMARY KEY, full_name text,
                        department_id int REFERENCES departments, hire_date date);
                    """);
        }
        store = new Database(stack.postgres().jdbcUrl(DB + "_store"), user, password);
        store.migrateStore();
        DatabaseRegistry databases = new DatabaseRegistry(List.of(new RegisteredDatabase(
                DB,
                stack.postgres().jdbcUrl(DB),
                new Credentials(user, password),
                null,
                List.of("public"),
                null,
                null)));
        Topics topics = new Topics("admin-it.", stack.registryClient());
        ingest = new IngestService(
                IngestService.Config.of(
                        stack.bootstrapServers(), KafkaClientSecurity.none(), dir, "schemarag_cdc", "cdc-secret", 10),
                databases,
                () -> topics,
                OnnxEmbeddingModel.schemaIndexDefault(),
                store);
        server = new IngestAdminServer(
                IngestAdmin.of(ingest, databases),
                "127.0.0.1",
                0,
                TOKEN,
                new HttpAllowList(List.of("ingest"), List.of()),
                () -> true,
                List.of(ReadinessChecks.store(store)),
                List.of());
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
        if (ingest != null) ingest.close();
        if (store != null) store.close();
    }

    @Test
    void withoutTheTokenEveryRouteButHealthAndReadyIsUnauthorized() throws Exception {
        for (HttpRequest.Builder request : List.of(
                post("/internal/schema/sync?db=admin_it"), get("/internal/schema/sync/some-job"), get("/anything"))) {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
            assertThat(body(response)).containsEntry("code", "unauthorized");
        }
        HttpResponse<String> wrongToken = http.send(
                post("/internal/schema/sync?db=admin_it")
                        .header("Authorization", "Bearer " + TOKEN + "-not")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(wrongToken.statusCode()).isEqualTo(401);

        HttpResponse<String> health = http.send(get("/health").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).as("alive; no token needed").isEqualTo(200);
        assertThat(body(health)).containsEntry("status", "UP");

        HttpResponse<String> ready = http.send(get("/ready").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(ready.statusCode())
                .as("no live sync runs here, so not ready; but no token needed")
                .isEqualTo(503);
        assertThat(body(ready)).containsEntry("status", "DOWN");
        assertThat(ready.body())
                .contains(
                        "{\"name\":\"store\",\"status\":\"UP\",\"detail\":\"reachable\"}",
                        "{\"name\":\"embedding-updater\",\"status\":\"DOWN\",\"detail\":\"CREATED\"}",
                        "{\"name\":\"change-capture\",\"status\":\"DOWN\"");
    }

    @Test
    void aSyncIsAcceptedAsAJobWhoseStatusReachesSucceededWithTheSummary() throws Exception {
        HttpResponse<String> accepted = send(authorized(post("/internal/schema/sync?db=admin_it")));

        assertThat(accepted.statusCode()).isEqualTo(202);
        Map<String, Object> job = body(accepted);
        assertThat(job).containsEntry("database", "admin_it").containsKey("job");
        assertThat(accepted.headers().firstValue("Location")).hasValue("/internal/schema/sync/" + job.get("job"));

        Map<String, Object> done =
                awaitFinished(accepted.headers().firstValue("Location").orElseThrow());
        assertThat(done).containsEntry("status", "succeeded").containsEntry("job", job.get("job"));
        @SuppressWarnings("unchecked")
        Map<String, Object> summary = (Map<String, Object>) done.get("summary");
        assertThat(summary).containsEntry("tables", 2);
    }

    @Test
    void healthAnswersWhileASyncRunsAndAFullQueueIsRefused() throws Exception {
        List<String> locations = new ArrayList<>();
        try (Database locker = new Database(store.url(), store.user(), store.password());
                Connection lock = locker.open()) {
            lock.setAutoCommit(false);
            try (Statement st = lock.createStatement()) {
                st.execute("LOCK TABLE schema_embeddings IN ACCESS EXCLUSIVE MODE");
            }
            try {
                HttpResponse<String> first = send(authorized(post("/internal/schema/sync?db=admin_it")));
                assertThat(first.statusCode()).isEqualTo(202);
                locations.add(first.headers().firstValue("Location").orElseThrow());
                awaitStatus(locations.get(0), "running");

                HttpResponse<String> health = http.send(
                        get("/health").timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(health.statusCode()).isEqualTo(200);
                assertThat(body(send(authorized(get(locations.get(0)))))).containsEntry("status", "running");

                for (int queued = 0; queued < IngestAdminServer.SYNC_QUEUE; queued++) {
                    HttpResponse<String> next = send(authorized(post("/internal/schema/sync?db=admin_it")));
                    assertThat(next.statusCode()).isEqualTo(202);
                    assertThat(body(next)).containsEntry("status", "queued");
                    locations.add(next.headers().firstValue("Location").orElseThrow());
                }
                HttpResponse<String> refused = send(authorized(post("/internal/schema/sync?db=admin_it")));
                assertThat(refused.statusCode()).isEqualTo(429);
                assertThat(body(refused)).containsEntry("code", "sync_queue_full");
            } finally {
                lock.rollback();
            }
        }
        for (String location : locations) assertThat(awaitFinished(location)).containsEntry("status", "succeeded");
    }

    @Test
    void anUnknownDatabaseIs404WithoutNamingTheRegisteredOnes() throws Exception {
        HttpResponse<String> response = send(authorized(post("/internal/schema/sync?db=nowhere")));

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(body(response)).containsOnlyKeys("code", "message").containsEntry("code", "unknown_database");
        assertThat(response.body()).doesNotContain("admin_it");
    }

    @Test
    void anUnknownJobIs404() throws Exception {
        HttpResponse<String> response =
                send(authorized(get("/internal/schema/sync/00000000-0000-0000-0000-000000000000")));

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(body(response)).containsEntry("code", "unknown_job");
    }

    @Test
    void aSyncCannotBeQueuedFromAForeignWebPage() throws Exception {
        HttpResponse<String> rebound = send(authorized(post("/internal/schema/sync?db=admin_it"))
                .header("Host", "attacker.example:" + server.port()));
        HttpResponse<String> crossSite =
                send(authorized(post("/internal/schema/sync?db=admin_it")).header("Origin", "http://attacker.example"));
        HttpResponse<String> form = send(authorized(HttpRequest.newBuilder(uri("/internal/schema/sync?db=admin_it"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("db=admin_it"))));
        HttpResponse<String> bare = send(authorized(HttpRequest.newBuilder(uri("/internal/schema/sync?db=admin_it"))
                .POST(HttpRequest.BodyPublishers.noBody())));

        assertThat(rebound.statusCode()).isEqualTo(421);
        assertThat(body(rebound)).containsEntry("code", "misdirected_request");
        assertThat(crossSite.statusCode()).isEqualTo(403);
        assertThat(body(crossSite)).containsEntry("code", "origin_refused");
        assertThat(form.statusCode()).isEqualTo(415);
        assertThat(bare.statusCode())
                .as("curl -X POST without a Content-Type, like a bodiless cross-site fetch")
                .isEqualTo(415);
        assertThat(body(bare)).containsEntry("code", "unsupported_media_type");
    }

    @Test
    void theServiceNameAllowedInHttpAllowedHostsAndTheOwnOriginReachTheRoutes() throws Exception {
        HttpResponse<String> byServiceName =
                send(authorized(get("/internal/schema/sync/no-such-job")).header("Host", "ingest:8081"));
        HttpResponse<String> byOtherService =
                send(authorized(get("/internal/schema/sync/no-such-job")).header("Host", "retrieval:8082"));
        HttpResponse<String> ownOrigin = send(authorized(post("/internal/schema/sync?db=nowhere"))
                .header("Origin", "http://127.0.0.1:" + server.port()));

        assertThat(byServiceName.statusCode()).isEqualTo(404);
        assertThat(body(byServiceName)).containsEntry("code", "unknown_job");
        assertThat(byOtherService.statusCode()).isEqualTo(421);
        assertThat(ownOrigin.statusCode()).isEqualTo(404);
        assertThat(body(ownOrigin)).containsEntry("code", "unknown_database");
    }

    @Test
    void aNonLoopbackAddressWithoutATokenRefusesToStart() {
        assertThatThrownBy(() -> new IngestAdminServer(
                        IngestAdmin.of(ingest, new DatabaseRegistry(List.of())),
                        "0.0.0.0",
                        0,
                        "",
                        HttpAllowList.NONE,
                        () -> true,
                        List.of(),
                        List.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SCHEMARAG_ADMIN_TOKEN");
    }

    private static Map<String, Object> awaitFinished(String location) {
        return await(location + " finished")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> body(send(authorized(get(location)))),
                        job -> job.get("status").equals("succeeded")
                                || job.get("status").equals("failed"));
    }

    private static void awaitStatus(String location, String status) {
        await(location + " " + status)
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> body(send(authorized(get(location)))).get("status").equals(status));
    }

    /** A POST as a script sends it: no body, but the JSON Content-Type every state-changing admin request needs. */
    private static HttpRequest.Builder post(String path) {
        return HttpRequest.newBuilder(uri(path))
                .timeout(WAIT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.noBody());
    }

    private static HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(WAIT).GET();
    }

    private static HttpRequest.Builder authorized(HttpRequest.Builder request) {
        return request.header("Authorization", "Bearer " + TOKEN);
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, Object> body(HttpResponse<String> response) throws Exception {
        return JSON.readValue(response.body(), new TypeReference<>() {});
    }
}
