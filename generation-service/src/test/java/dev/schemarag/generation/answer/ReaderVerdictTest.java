package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.generation.answer.ReaderPrivileges.Attribute;
import dev.schemarag.generation.answer.ReaderPrivileges.Writes;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ReaderVerdictTest {

    private static ReaderPrivileges reader(
            Set<Attribute> attributes, Writes own, Writes viaPublic, List<String> owned, List<String> writingRoles) {
        return new ReaderPrivileges("schemarag_reader", "erp", attributes, own, viaPublic, owned, writingRoles);
    }

    private static ReaderPrivileges readOnly() {
        return reader(Set.of(), Writes.NONE, Writes.NONE, List.of(), List.of());
    }

    @Test
    void aRoleThatCanOnlyReadIsAccepted() {
        ReaderVerdict verdict = ReaderVerdict.of(readOnly());

        assertThat(verdict.readOnly()).isTrue();
        assertThat(verdict.fixes()).isEmpty();
    }

    @Test
    void aSuperuserIsRefusedWithTheAlterRoleThatRemovesEveryAttributeItHolds() {
        ReaderVerdict verdict = ReaderVerdict.of(reader(
                Set.of(Attribute.SUPERUSER, Attribute.REPLICATION, Attribute.BYPASSRLS),
                Writes.NONE,
                Writes.NONE,
                List.of(),
                List.of()));

        assertThat(verdict.readOnly()).isFalse();
        assertThat(verdict.problems()).containsExactly("it has the role attributes SUPERUSER, REPLICATION, BYPASSRLS");
        assertThat(verdict.fixes())
                .containsExactly("ALTER ROLE \"schemarag_reader\" NOSUPERUSER NOREPLICATION NOBYPASSRLS;");
    }

    @Test
    void eachAttributeAloneIsRefused() {
        for (Attribute attribute : Attribute.values()) {
            ReaderVerdict verdict =
                    ReaderVerdict.of(reader(Set.of(attribute), Writes.NONE, Writes.NONE, List.of(), List.of()));

            assertThat(verdict.readOnly()).as(attribute.name()).isFalse();
            assertThat(verdict.fixes()).containsExactly("ALTER ROLE \"schemarag_reader\" " + attribute.removal() + ";");
        }
    }

    @Test
    void writableTablesAreRevokedPerSchemaAndNamedUpToFive() {
        List<TableName> tables = IntStream.range(0, 7)
                .mapToObj(i -> new TableName(i < 6 ? "public" : "Billing", "t" + i))
                .toList();

        ReaderVerdict verdict = ReaderVerdict.of(
                reader(Set.of(), new Writes(tables, List.of(), false), Writes.NONE, List.of(), List.of()));

        assertThat(verdict.problems())
                .singleElement()
                .asString()
                .contains("7 table(s): public.t0, public.t1, public.t2, public.t3, public.t4, ...")
                .doesNotContain("t5");
        assertThat(verdict.fixes())
                .containsExactly(
                        "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"public\" FROM \"schemarag_reader\";",
                        "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"Billing\" FROM \"schemarag_reader\";");
    }

    @Test
    void createOnASchemaOrTheDatabaseIsRevoked() {
        ReaderVerdict verdict = ReaderVerdict.of(
                reader(Set.of(), new Writes(List.of(), List.of("public"), true), Writes.NONE, List.of(), List.of()));

        assertThat(verdict.readOnly()).isFalse();
        assertThat(verdict.fixes())
                .containsExactly(
                        "REVOKE CREATE ON SCHEMA \"public\" FROM \"schemarag_reader\";",
                        "REVOKE CREATE ON DATABASE \"erp\" FROM \"schemarag_reader\";");
    }

    @Test
    void grantsToPublicAreRevokedFromPublicBecauseARevokeFromTheRoleCannotRemoveThem() {
        ReaderVerdict verdict = ReaderVerdict.of(reader(
                Set.of(),
                Writes.NONE,
                new Writes(List.of(new TableName("public", "orders")), List.of("public"), false),
                List.of(),
                List.of()));

        assertThat(verdict.problems()).allMatch(p -> p.startsWith("PUBLIC (every role)"));
        assertThat(verdict.fixes())
                .containsExactly(
                        "REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES IN SCHEMA \"public\" FROM PUBLIC;",
                        "REVOKE CREATE ON SCHEMA \"public\" FROM PUBLIC;");
    }

    @Test
    void membershipInAWritingRoleIsRevokedAndOwnershipIsReassigned() {
        ReaderVerdict verdict = ReaderVerdict.of(reader(
                Set.of(),
                Writes.NONE,
                Writes.NONE,
                List.of("table public.orders"),
                List.of("app_writer", "pg_write_all_data")));

        assertThat(verdict.problems())
                .contains("it is a member of app_writer, which can change the database", "it owns table public.orders");
        assertThat(verdict.fixes())
                .containsExactly(
                        "REVOKE \"app_writer\" FROM \"schemarag_reader\";",
                        "REVOKE \"pg_write_all_data\" FROM \"schemarag_reader\";",
                        "REASSIGN OWNED BY \"schemarag_reader\" TO <an administrator role>;");
    }

    @Test
    void theExplanationNamesTheRoleTheDatabaseAndEveryFix() {
        ReaderVerdict verdict = ReaderVerdict.of(reader(
                Set.of(Attribute.SUPERUSER),
                new Writes(List.of(new TableName("public", "orders")), List.of(), false),
                Writes.NONE,
                List.of(),
                List.of()));

        assertThat(verdict.explanation("erp", "schemarag_reader"))
                .contains("validation role schemarag_reader of database 'erp' can change it")
                .contains(
                        "ALTER ROLE \"schemarag_reader\" NOSUPERUSER; REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER ON ALL TABLES"
                                + " IN SCHEMA \"public\" FROM \"schemarag_reader\";");
    }

    @Test
    void roleNamesAreQuotedInTheFixesSoOddNamesAndKeywordsStillParse() {
        ReaderVerdict verdict = ReaderVerdict.of(new ReaderPrivileges(
                "Reader \"X\"", "erp", Set.of(Attribute.CREATEDB), Writes.NONE, Writes.NONE, List.of(), List.of()));

        assertThat(verdict.fixes()).containsExactly("ALTER ROLE \"Reader \"\"X\"\"\" NOCREATEDB;");
        assertThat(ReaderVerdict.of(new ReaderPrivileges(
                                "user",
                                "erp",
                                Set.of(Attribute.CREATEDB),
                                Writes.NONE,
                                Writes.NONE,
                                List.of(),
                                List.of()))
                        .fixes())
                .containsExactly("ALTER ROLE \"user\" NOCREATEDB;");
    }

    @Test
    void theProblemSaysColumnGrantsCountAsWrites() {
        ReaderVerdict verdict = ReaderVerdict.of(reader(
                Set.of(),
                new Writes(List.of(new TableName("public", "orders")), List.of(), false),
                Writes.NONE,
                List.of(),
                List.of()));

        assertThat(verdict.problems()).singleElement().asString().contains("column-level INSERT, UPDATE");
    }
}
