package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag context --as} through the command line: principals mapped with {@code db principal add} to a role
 * reading every column ({@code hr}) and to one reading the departments and, on employees, no hire date ({@code sales});
 * the JSON context of each holds what its role may read and nothing else, and an unmapped principal is refused.
 */
class ContextCommandIT {
    private static final String HR_ROLE = "context_it_hr";
    private static final String SALES_ROLE = "context_it_sales";
    private static final String QUESTION = "How many employees are there per department?";
    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("context_it", dir, false);
        EmbeddedStack stack = SharedTestStack.get();
        try (Database target = new Database(
                        stack.postgres().jdbcUrl(environment.databaseId),
                        stack.postgres().user(),
                        stack.postgres().password());
                Connection c = target.borrow();
                Statement s = c.createStatement()) {
            for (String role : List.of(HR_ROLE, SALES_ROLE))
                s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role
                        + "') THEN CREATE ROLE " + role + "; END IF; END $$");
            s.execute("GRANT USAGE ON SCHEMA public TO " + HR_ROLE + ", " + SALES_ROLE);
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + HR_ROLE);
            s.execute("GRANT SELECT ON departments TO " + SALES_ROLE);
            s.execute("GRANT SELECT (employee_id, full_name, department_id) ON employees TO " + SALES_ROLE);
        }
        for (String[] mapping : new String[][] {{"hr", HR_ROLE}, {"sales", SALES_ROLE}}) {
            CliTestEnvironment.Run run = CliTestEnvironment.execute(
                    "db", "principal", "add", environment.databaseId, mapping[0], "--role", mapping[1]);
            assertThat(run.exitCode()).as(run.output() + run.errors()).isZero();
        }
        // As the ingest service does on a registration change: the roles' privileges recorded; then the documented
        // query's reads, as generation's seeding records them.
        try (IngestService ingest = environment.services.ingest(TargetDatabases.load(environment.services))) {
            ingest.sync(environment.databaseId, SyncProgress.NONE);
        }
        environment.services.examples().seedFromDocs(environment.databaseId);
        try (Connection c = environment.services.store().borrow();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT reads_tables::text, reads_columns::text, reads_whole_rows"
                        + " FROM doc_chunks WHERE chunk_kind = 'query' AND database_id = '" + environment.databaseId
                        + "'")) {
            assertThat(rs.next()).as("the Common Query's chunk").isTrue();
            assertThat(rs.getString(1) + rs.getString(2) + rs.getBoolean(3))
                    .as("its reads, recorded by the seeding")
                    .isEqualTo("{public.employees}{department_id}false");
        }
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void salesIsShownOnlyWhatItsRoleMayReadAndTheDocumentedQueryItMayRun() throws Exception {
        JsonNode context = context("sales");

        assertThat(tables(context)).containsExactlyInAnyOrder("public.departments", "public.employees");
        assertThat(context.path("packet").asText())
                .contains("full_name", "department_id")
                .doesNotContain("hire_date");
        assertThat(context.toString()).doesNotContain("hire_date");
        assertThat(docKinds(context))
                .as("the Common Query reads department_id only")
                .isEqualTo(docKinds(anonymousContext()));
    }

    @Test
    void hrIsShownEveryColumn() throws Exception {
        JsonNode context = context("hr");

        assertThat(tables(context)).contains("public.employees");
        assertThat(context.path("packet").asText()).contains("hire_date");
        assertThat(docKinds(context)).isEqualTo(docKinds(anonymousContext()));
    }

    @Test
    void anUnmappedPrincipalIsRefusedWithAccessDenied() {
        CliTestEnvironment.Run run = CliTestEnvironment.execute(
                "context", "--db", environment.databaseId, "--as", "mallory", "--json", QUESTION);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.output()).isEmpty();
        assertThat(run.errors()).startsWith("access_denied: ").contains("mallory");
    }

    /** The context without a principal: the whole catalog, every doc chunk. */
    private static JsonNode anonymousContext() throws Exception {
        return context(null);
    }

    private static JsonNode context(String principal) throws Exception {
        List<String> args = new ArrayList<>(List.of("context", "--db", environment.databaseId, "--json", QUESTION));
        if (principal != null) args.addAll(3, List.of("--as", principal));
        CliTestEnvironment.Run run = CliTestEnvironment.execute(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.errors()).isZero();
        JsonNode context = new ObjectMapper().readTree(run.output());
        assertThat(context.path("databaseId").asText()).isEqualTo(environment.databaseId);
        return context;
    }

    private static List<String> tables(JsonNode context) {
        List<String> tables = new ArrayList<>();
        context.path("tables").forEach(t -> tables.add(t.path("table").asText()));
        return tables;
    }

    private static List<String> docKinds(JsonNode context) {
        List<String> kinds = new ArrayList<>();
        context.path("docChunks").forEach(d -> kinds.add(d.path("kind").asText()));
        return kinds;
    }
}
