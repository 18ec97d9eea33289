package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.ReaderPrivileges;
import dev.schemarag.generation.answer.ReaderPrivileges.Attribute;
import dev.schemarag.generation.answer.ReaderVerdict;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The catalog query and the verdict on the real PostgreSQL: a reader set up by {@link ReaderRole} passes; roles that
 * can write, each in another way, are refused, and the SQL the refusal names makes them pass.
 */
class ReaderPrivilegesIT {
    private static final String DB = "reader_privileges_it";
    private static final List<String> SCHEMAS = List.of("public", "billing");
    private static final String PASSWORD =
            "reader-secret"; // the reader role is cluster-wide: the password GenerationServiceIT gives it too

    private static EmbeddedStack stack;
    private static Database admin;

    @BeforeAll
    static void createDatabase() throws Exception {
        stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        admin = new Database(
                stack.postgres().jdbcUrl(DB),
                stack.postgres().user(),
                stack.postgres().password());
        sql(
                "CREATE TABLE IF NOT EXISTS public.orders (order_id bigint PRIMARY KEY)",
                "CREATE SCHEMA IF NOT EXISTS billing",
                "CREATE TABLE IF NOT EXISTS billing.invoices (invoice_id bigint PRIMARY KEY)");
        try (Connection session = admin.borrow()) {
            ReaderRole.grant(session, DB, SCHEMAS, PASSWORD);
        }
    }

    @AfterAll
    static void close() {
        if (admin != null) admin.close();
    }

    @Test
    void theReaderRoleIsReadOnly() throws Exception {
        ReaderVerdict verdict = verdictOf(ReaderRole.NAME);

        assertThat(verdict.problems()).isEmpty();
    }

    @Test
    void theStackSuperuserIsRefusedAndSeenWritingEveryTable() throws Exception {
        try (Connection c = admin.open()) {
            ReaderPrivileges privileges = ReaderPrivilegesQuery.read(c);

            assertThat(privileges.attributes()).contains(Attribute.SUPERUSER);
            assertThat(privileges.own().tables())
                    .contains(new TableName("public", "orders"), new TableName("billing", "invoices"));
            assertThat(ReaderVerdict.of(privileges).fixes())
                    .contains("ALTER ROLE \"" + stack.postgres().user()
                            + "\" NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION NOBYPASSRLS;");
        }
    }

    @Test
    void aRoleGrantedInsertIsRefusedUntilTheNamedRevokeRuns() throws Exception {
        login("rp_inserter", "");
        sql("GRANT USAGE ON SCHEMA billing TO rp_inserter", "GRANT SELECT, INSERT ON billing.invoices TO rp_inserter");

        assertRefusedThenFixed(
                "rp_inserter",
                "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"billing\" FROM \"rp_inserter\";");
    }

    @Test
    void aColumnLevelInsertOrUpdateGrantIsRefusedAndTheTableLevelRevokeRemovesIt() throws Exception {
        login("rp_column_writer", "");
        sql(
                "CREATE TABLE IF NOT EXISTS billing.payments (payment_id bigint, note text)",
                "GRANT USAGE ON SCHEMA billing TO rp_column_writer",
                "GRANT SELECT ON billing.payments TO rp_column_writer",
                "GRANT INSERT (note), UPDATE (note) ON billing.payments TO rp_column_writer");

        assertThat(privilegesOf("rp_column_writer").own().tables())
                .containsExactly(new TableName("billing", "payments"));
        assertRefusedThenFixed(
                "rp_column_writer",
                "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"billing\" FROM \"rp_column_writer\";");
        assertThat(query("SELECT count(*) FROM information_schema.column_privileges WHERE grantee = 'rp_column_writer'"
                        + " AND privilege_type IN ('INSERT', 'UPDATE')"))
                .as("the column grants are gone")
                .isEqualTo("0");
    }

    @Test
    void aColumnLevelGrantToPublicIsRefusedUntilRevokedFromPublic() throws Exception {
        sql(
                "CREATE TABLE IF NOT EXISTS public.public_columns (id int, note text)",
                "GRANT UPDATE (note) ON public.public_columns TO PUBLIC");

        assertRefusedThenFixed(
                ReaderRole.NAME,
                "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"public\" FROM PUBLIC;");
    }

    @Test
    void writesAndCreateInASchemaThatIsNotRegisteredAreRefusedToo() throws Exception {
        login("rp_elsewhere", "");
        sql(
                "CREATE SCHEMA IF NOT EXISTS unregistered", "CREATE TABLE IF NOT EXISTS unregistered.audit (id int)",
                "GRANT USAGE, CREATE ON SCHEMA unregistered TO rp_elsewhere",
                        "GRANT DELETE ON unregistered.audit TO rp_elsewhere");

        assertRefusedThenFixed(
                "rp_elsewhere",
                "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"unregistered\" FROM \"rp_elsewhere\";",
                "REVOKE CREATE ON SCHEMA \"unregistered\" FROM \"rp_elsewhere\";");
    }

    @Test
    void anObjectOwnedInASchemaThatIsNotRegisteredIsRefused() throws Exception {
        login("rp_owner_elsewhere", "");
        sql(
                "CREATE SCHEMA IF NOT EXISTS unregistered",
                "CREATE TABLE IF NOT EXISTS unregistered.owned_elsewhere (id int)",
                "ALTER TABLE unregistered.owned_elsewhere OWNER TO rp_owner_elsewhere");

        assertThat(privilegesOf("rp_owner_elsewhere").owned()).containsExactly("table unregistered.owned_elsewhere");
        sql("REASSIGN OWNED BY rp_owner_elsewhere TO " + stack.postgres().user());
        assertThat(verdictOf("rp_owner_elsewhere").problems()).isEmpty();
    }

    @Test
    void aNonInheritingMemberOfAWritingRoleIsRefusedUntilTheMembershipIsRevoked() throws Exception {
        login("rp_member", "NOINHERIT");
        sql(
                "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'rp_writers') THEN CREATE ROLE rp_writers NOLOGIN; END IF; END $$",
                "GRANT UPDATE ON public.orders TO rp_writers",
                "GRANT rp_writers TO rp_member");

        ReaderPrivileges privileges = privilegesOf("rp_member");
        assertThat(privileges.own().tables()).as("nothing inherited").isEmpty();
        assertThat(privileges.writingRoles()).containsExactly("rp_writers");
        assertRefusedThenFixed("rp_member", "REVOKE \"rp_writers\" FROM \"rp_member\";");
    }

    @Test
    void aRoleThatMayCreateInASchemaOrTheDatabaseIsRefusedUntilRevoked() throws Exception {
        login("rp_creator", "");
        sql("GRANT CREATE ON SCHEMA billing TO rp_creator", "GRANT CREATE ON DATABASE " + DB + " TO rp_creator");

        assertRefusedThenFixed(
                "rp_creator",
                "REVOKE CREATE ON SCHEMA \"billing\" FROM \"rp_creator\";",
                "REVOKE CREATE ON DATABASE \"" + DB + "\" FROM \"rp_creator\";");
    }

    @Test
    void attributesBeyondReadingAreRefusedUntilRemoved() throws Exception {
        login("rp_attributes", "CREATEDB CREATEROLE REPLICATION BYPASSRLS");

        assertRefusedThenFixed(
                "rp_attributes", "ALTER ROLE \"rp_attributes\" NOCREATEROLE NOCREATEDB NOREPLICATION NOBYPASSRLS;");
    }

    @Test
    void anOwnerIsRefusedUntilItsObjectsAreReassigned() throws Exception {
        login("rp_owner", "");
        sql(
                "CREATE TABLE IF NOT EXISTS billing.owned_by_reader (id int)",
                "ALTER TABLE billing.owned_by_reader OWNER TO rp_owner");

        assertThat(privilegesOf("rp_owner").owned()).containsExactly("table billing.owned_by_reader");
        ReaderVerdict verdict = verdictOf("rp_owner");
        assertThat(verdict.fixes()).contains("REASSIGN OWNED BY \"rp_owner\" TO <an administrator role>;");
        apply(verdict.fixes().stream()
                .map(f -> f.replace("<an administrator role>", stack.postgres().user()))
                .toList());
        assertThat(verdictOf("rp_owner").problems()).isEmpty();
    }

    @Test
    void aWriteGrantedToPublicRefusesEvenTheReaderRoleUntilRevokedFromPublic() throws Exception {
        sql("CREATE TABLE IF NOT EXISTS public.shared_notes (id int)", "GRANT INSERT ON public.shared_notes TO PUBLIC");

        assertRefusedThenFixed(
                ReaderRole.NAME,
                "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"public\" FROM PUBLIC;");
    }

    @Test
    void explainRefusesAWritingRoleEvenWhenItWasNotCheckedAtStart() throws Exception {
        login("rp_late", "");
        sql("GRANT USAGE ON SCHEMA billing TO rp_late", "GRANT SELECT, DELETE ON billing.invoices TO rp_late");
        DatabaseRegistry registry =
                new DatabaseRegistry(List.of(registration("late", new Credentials("rp_late", PASSWORD))));

        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(registry, Duration.ofSeconds(5))) {
            ExplainResult result = targets.explain(
                    "late", Asker.ANONYMOUS, "SELECT invoice_id FROM billing.invoices", Duration.ofSeconds(5));

            assertThat(result).isInstanceOf(ExplainResult.Refused.class);
            assertThat(((ExplainResult.Refused) result).errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
            assertThat(((ExplainResult.Refused) result).reason())
                    .contains("REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER"
                            + " ON ALL TABLES IN SCHEMA \"billing\" FROM \"rp_late\";");
        }
    }

    @Test
    void startUpVerificationRefusesAWritingRoleAndARegistrationWithoutReader() {
        DatabaseRegistry superuser = new DatabaseRegistry(List.of(registration(
                "admin_as_reader",
                new Credentials(stack.postgres().user(), stack.postgres().password()))));
        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(superuser, Duration.ofSeconds(5))) {
            assertThatThrownBy(targets::verifyReaders)
                    .hasMessageContaining("generation refuses to start")
                    .hasMessageContaining("database 'admin_as_reader'")
                    .hasMessageContaining("NOSUPERUSER");
        }
        DatabaseRegistry noReader = new DatabaseRegistry(List.of(registration("ingest_only", null)));
        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(noReader, Duration.ofSeconds(5))) {
            assertThatThrownBy(targets::verifyReaders)
                    .hasMessageContaining("ingest_only")
                    .hasMessageContaining("\"reader\"");
        }
    }

    @Test
    void startUpVerificationAcceptsTheReaderRoleAndPostponesAnUnreachableDatabase() {
        DatabaseRegistry registry = new DatabaseRegistry(List.of(
                registration("good", new Credentials(ReaderRole.NAME, PASSWORD)),
                new RegisteredDatabase(
                        "down",
                        "jdbc:postgresql://127.0.0.1:1/" + DB,
                        null,
                        new Credentials(ReaderRole.NAME, PASSWORD),
                        SCHEMAS,
                        null,
                        null)));
        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(registry, Duration.ofSeconds(5))) {
            targets.verifyReaders();

            assertThat(targets.explain(
                            "good", Asker.ANONYMOUS, "SELECT order_id FROM public.orders", Duration.ofSeconds(5)))
                    .isInstanceOf(ExplainResult.Planned.class);
        }
    }

    private static RegisteredDatabase registration(String id, Credentials reader) {
        return new RegisteredDatabase(id, stack.postgres().jdbcUrl(DB), null, reader, SCHEMAS, null, null);
    }

    /** Refused with (at least) {@code fixes}; running all the refusal's fixes as the administrator makes it pass. */
    private static void assertRefusedThenFixed(String role, String... fixes) throws Exception {
        ReaderVerdict verdict = verdictOf(role);
        assertThat(verdict.readOnly()).as(role + " refused").isFalse();
        assertThat(verdict.fixes()).contains(fixes);

        apply(verdict.fixes());

        assertThat(verdictOf(role).problems()).as(role + " after the fixes").isEmpty();
    }

    private static ReaderVerdict verdictOf(String role) throws SQLException {
        return ReaderVerdict.of(privilegesOf(role));
    }

    private static ReaderPrivileges privilegesOf(String role) throws SQLException {
        try (Connection c = DriverManager.getConnection(stack.postgres().jdbcUrl(DB), role, PASSWORD)) {
            return ReaderPrivilegesQuery.read(c);
        }
    }

    /** A login role {@code name} with {@code attributes}, reset to them if an earlier run left it changed. */
    private static void login(String name, String attributes) throws SQLException {
        boolean exists;
        try (Connection session = admin.borrow();
                Statement st = session.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + name + "'")) {
            exists = rs.next();
        }
        sql((exists ? "ALTER" : "CREATE") + " ROLE " + name
                + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS" + " INHERIT PASSWORD '"
                + PASSWORD + "'");
        if (!attributes.isEmpty()) sql("ALTER ROLE " + name + " " + attributes);
    }

    private static String query(String sql) throws SQLException {
        try (Connection session = admin.borrow();
                Statement st = session.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static void apply(List<String> fixes) throws SQLException {
        sql(fixes.toArray(String[]::new));
    }

    private static void sql(String... statements) throws SQLException {
        try (Connection session = admin.borrow();
                Statement st = session.createStatement()) {
            for (String s : statements) st.execute(s);
        }
    }
}
