package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run_sql} on a real PostgreSQL: a statement runs only when its registration allows it and it passes the
 * checks of {@code validate}, within the caller's row cap and the configured one, PII masked; a failure at execution
 * comes back classified.
 */
class StatementRunIT {
    private static final String DB = "statement_run_it";
    private static final String STORE_DB = "statement_run_it_store";
    private static final String READER = "statement_run_reader";
    private static final String PASSWORD = "reader-secret";

    private static ServiceRuntime runtime;
    private static DatabaseRegistry databases;

    @BeforeAll
    static void setUp(@TempDir Path dir) throws Exception {
        EmbeddedPostgres postgres = SharedTestStack.get().postgres();
        postgres.createDatabaseIfMissing(DB);
        postgres.createDatabaseIfMissing(STORE_DB);
        try (Connection admin = postgres.connect(DB);
                Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS users");
            st.execute("CREATE TABLE users (id int PRIMARY KEY, username text, email text)");
            st.execute("INSERT INTO users SELECT g, 'user' || g, 'user' || g || '@example.com'"
                    + " FROM generate_series(1, 5) g");
            ReaderRole.grant(admin, READER, DB, List.of("public"), PASSWORD, TargetSessionLimits.DEFAULT);
        }
        Flyway.configure()
                .dataSource(postgres.jdbcUrl(STORE_DB), postgres.user(), postgres.password())
                .locations("filesystem:"
                        + Path.of("../core/src/main/resources/db/migration").toAbsolutePath())
                .load()
                .migrate();
        runtime = new ServiceRuntime(
                Settings.of(Map.of(
                        "store.jdbc.url",
                        postgres.jdbcUrl(STORE_DB),
                        "store.user",
                        postgres.user(),
                        "store.password",
                        postgres.password(),
                        ExecutionSettings.MAX_ROWS.key(),
                        "3")),
                dir);
        Path annotations =
                Files.writeString(dir.resolve("annotations.json"), "{\"columns\": {\"users.email\": {\"pii\": true}}}");
        databases = new DatabaseRegistry(List.of(new RegisteredDatabase(
                "run",
                postgres.jdbcUrl(DB),
                null,
                new Credentials(READER, PASSWORD),
                List.of("public"),
                annotations,
                null)));
    }

    @AfterAll
    static void tearDown() {
        if (runtime != null) runtime.close();
    }

    @Test
    void aValidStatementRunsAsTheReaderWithinTheConfiguredRowCapWithPiiMasked() throws Exception {
        SqlRun run = StatementRun.run(
                runtime,
                databases,
                "run",
                Asker.ANONYMOUS,
                "SELECT id, username, email FROM users ORDER BY id",
                100,
                true);

        assertThat(run).isInstanceOf(SqlRun.Ran.class);
        SqlRun.Ran ran = (SqlRun.Ran) run;
        assertThat(ran.columns())
                .containsExactly(
                        new OutcomeView.Column("id", "int4", false),
                        new OutcomeView.Column("username", "text", false),
                        new OutcomeView.Column("email", "text", true));
        assertThat(ran.rows())
                .containsExactly(
                        Arrays.asList("1", "user1", null),
                        Arrays.asList("2", "user2", null),
                        Arrays.asList("3", "user3", null));
        assertThat(ran.rowCount()).isEqualTo(3);
        assertThat(ran.truncated()).isTrue();
        assertThat(ran.executedAs()).isEqualTo(READER);
    }

    @Test
    void theCallersRowCapAppliesWhenItIsTheSmaller() throws Exception {
        SqlRun.Ran ran = (SqlRun.Ran) StatementRun.run(
                runtime, databases, "run", Asker.ANONYMOUS, "SELECT id FROM users ORDER BY id", 2, true);

        assertThat(ran.rows()).containsExactly(List.of("1"), List.of("2"));
        assertThat(ran.truncated()).isTrue();
    }

    @Test
    void aStatementTheGuardBlocksNeverRuns() throws Exception {
        SqlRun run = StatementRun.run(runtime, databases, "run", Asker.ANONYMOUS, "SELECT pg_sleep(10)", 10, true);

        assertThat(run).isInstanceOf(SqlRun.NotRun.class);
        assertThat(((SqlRun.NotRun) run).errorClass()).isEqualTo("validation_block");
        assertThat(((SqlRun.NotRun) run).message()).contains("pg_sleep");
    }

    @Test
    void aDatabaseWhoseRegistrationDoesNotAllowExecutionRunsNothing() throws Exception {
        SqlRun run = StatementRun.run(runtime, databases, "run", Asker.ANONYMOUS, "SELECT id FROM users", 10, false);

        assertThat(run).isInstanceOf(SqlRun.NotRun.class);
        assertThat(((SqlRun.NotRun) run).errorClass()).isEqualTo("invalid_request");
    }

    @Test
    void aFailureAtExecutionComesBackClassified() throws Exception {
        SqlRun run = StatementRun.run(
                runtime, databases, "run", Asker.ANONYMOUS, "SELECT 1 / (id - 1) FROM users", 10, true);

        assertThat(run).isInstanceOf(SqlRun.NotRun.class);
        SqlRun.NotRun failed = (SqlRun.NotRun) run;
        assertThat(failed.errorClass()).isEqualTo("sql_error");
        assertThat(failed.sqlstate()).isEqualTo("22012");
        assertThat(failed.message()).contains("division by zero");
    }
}
