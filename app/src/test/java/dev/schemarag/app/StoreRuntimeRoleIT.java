package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.schemarag.core.config.Settings;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store as the services reach it ({@link Services#store()}): the administrator migrates it and creates the runtime
 * role; the services then connect as that role, which is no superuser and may read and write rows, nothing else.
 */
class StoreRuntimeRoleIT {
    private static final String DB = "store_runtime_role_it";
    private static final String RUNTIME = "store_runtime_role_it_app";
    private static final TableName ORDERS = new TableName("public", "orders");

    private static EmbeddedStack stack;

    @BeforeAll
    static void createStore() {
        stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
    }

    private static Settings settings(String adminUser, String runtimeUser) {
        Map<String, String> values = new HashMap<>(Map.of(
                AppSettings.STORE_JDBC_URL.key(),
                stack.postgres().jdbcUrl(DB),
                AppSettings.STORE_ADMIN_USER.key(),
                adminUser,
                AppSettings.STORE_ADMIN_PASSWORD.key(),
                stack.postgres().password(),
                AppSettings.STORE_USER.key(),
                runtimeUser,
                AppSettings.STORE_PASSWORD.key(),
                "runtime-secret"));
        return Settings.of(values);
    }

    @Test
    void theServicesConnectAsANonSuperuserThatReadsAndWritesRowsButChangesNoSchema(@TempDir Path state)
            throws Exception {
        try (Services services = new Services(settings(stack.postgres().user(), RUNTIME), state)) {
            Database store = services.store();

            assertThat(query(store, "SELECT current_user")).isEqualTo(RUNTIME);
            assertThat(query(store, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"))
                    .isEqualTo("f");
            PgVectorSchemaStore adapter = new PgVectorSchemaStore(store);
            float[] embedding = new float[384];
            embedding[0] = 1;
            adapter.upsert(
                    "role_it",
                    List.of(new StoredEntity(
                            EntityKey.table(ORDERS), null, false, "orders", "h1", "orders()", "{}", embedding)));
            assertThat(adapter.hashes("role_it", null)).containsEntry(EntityKey.table(ORDERS), "h1");
            assertThat(query(store, "SELECT version FROM catalog_versions WHERE database_id = 'role_it'"))
                    .isNotNull();
            assertThat(adapter.deleteTable("role_it", ORDERS)).isEqualTo(1);

            for (String ddl : List.of(
                    "CREATE TABLE intruder (id int)",
                    "DROP TABLE schema_embeddings",
                    "ALTER TABLE doc_chunks DISABLE TRIGGER ALL",
                    "DELETE FROM flyway_schema_history")) {
                assertThat(sqlState(store, ddl)).as(ddl).isEqualTo("42501");
            }
        }
    }

    @Test
    void aServiceWithoutAdministratorUsesTheMigratedStoreAsTheRuntimeRole(@TempDir Path state) throws Exception {
        try (Services migrating = new Services(settings(stack.postgres().user(), RUNTIME), state)) {
            migrating.store();
        }
        try (Services services = new Services(settings("", RUNTIME), state)) {
            assertThat(services.storeAdmin()).isEmpty();
            assertThat(query(services.store(), "SELECT current_user || ' ' || count(*) FROM schema_embeddings"))
                    .startsWith(RUNTIME + " ");
        }
    }

    @Test
    void aSuperuserAsRuntimeRoleIsRefused(@TempDir Path state) {
        try (Services services =
                new Services(settings(stack.postgres().user(), stack.postgres().user()), state)) {
            assertThatThrownBy(services::store)
                    .hasMessageContaining("is a superuser")
                    .hasMessageContaining("STORE_USER");
        }
    }

    @Test
    void anExistingRuntimeRoleLosesEveryAttributeBeyondRows(@TempDir Path state) throws Exception {
        String role = "store_runtime_role_it_attributes";
        role(role, "CREATEDB CREATEROLE REPLICATION BYPASSRLS");
        try (Services services = new Services(settings(stack.postgres().user(), role), state)) {
            Database store = services.store();

            assertThat(query(
                            store,
                            "SELECT concat_ws(' ', rolcanlogin, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls)"
                                    + " FROM pg_roles WHERE rolname = current_user"))
                    .isEqualTo("t f f f f");
        }
    }

    @Test
    void aRuntimeRoleOwningPartOfTheStoreIsRefusedUntilTheNamedReassignRuns(@TempDir Path state) throws Exception {
        String role = "store_runtime_role_it_owner";
        try (Services migrating = new Services(settings(stack.postgres().user(), RUNTIME), state)) {
            migrating.store();
        }
        role(role, "");
        adminSql(
                "DROP TABLE IF EXISTS owned_by_runtime",
                "CREATE TABLE owned_by_runtime (id int)",
                "ALTER TABLE owned_by_runtime OWNER TO " + role);
        String reassign =
                "REASSIGN OWNED BY \"" + role + "\" TO \"" + stack.postgres().user() + "\"";
        try (Services services = new Services(settings(stack.postgres().user(), role), state)) {
            assertThatThrownBy(services::store)
                    .hasMessageContaining("owns relation public.owned_by_runtime")
                    .hasMessageContaining(reassign);
        }

        adminSql(reassign);

        try (Services services = new Services(settings(stack.postgres().user(), role), state)) {
            assertThat(query(services.store(), "SELECT current_user")).isEqualTo(role);
        } finally {
            adminSql("DROP TABLE owned_by_runtime");
        }
    }

    /** A login role with exactly {@code attributes}, created or reset (roles are cluster-wide and outlive a run). */
    private static void role(String name, String attributes) throws SQLException {
        adminSql(
                "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + name + "') THEN CREATE ROLE "
                        + name + "; END IF; END $$",
                "ALTER ROLE " + name + " LOGIN NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS");
        if (!attributes.isEmpty()) adminSql("ALTER ROLE " + name + " " + attributes);
    }

    private static void adminSql(String... statements) throws SQLException {
        try (Database admin = new Database(
                        stack.postgres().jdbcUrl(DB),
                        stack.postgres().user(),
                        stack.postgres().password());
                Connection session = admin.borrow();
                Statement st = session.createStatement()) {
            for (String sql : statements) st.execute(sql);
        }
    }

    private static String query(Database db, String sql) throws SQLException {
        try (Connection session = db.borrow();
                Statement st = session.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static String sqlState(Database db, String sql) throws SQLException {
        try (Connection session = db.borrow();
                Statement st = session.createStatement()) {
            return catchThrowableOfType(SQLException.class, () -> st.execute(sql))
                    .getSQLState();
        }
    }
}
