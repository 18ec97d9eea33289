package dev.schemarag.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DatabaseRegistryTest {
    private static final Path BASE = Path.of("/etc/schemarag");

    @Test
    void readsSeparateAdminAndReaderLogins() throws Exception {
        DatabaseRegistry registry = DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db:5432/sales",
                  "admin": {"user": "schemarag_admin", "password": "a-pw"},
                  "reader": {"user": "schemarag_reader", "password": "r-pw"},
                  "schemas": ["public", "billing"], "docs": "sales/docs"}]
                """, BASE);

        RegisteredDatabase sales = registry.find("sales").orElseThrow();
        assertThat(sales.admin()).isEqualTo(new Credentials("schemarag_admin", "a-pw"));
        assertThat(sales.reader()).isEqualTo(new Credentials("schemarag_reader", "r-pw"));
        assertThat(sales.schemas()).containsExactly("public", "billing");
        assertThat(sales.docsDir()).isEqualTo(BASE.resolve("sales/docs"));
    }

    @Test
    void theFlatUserAndPasswordOfEarlierReleasesAreTheAdminLoginAndRegisterNoReader() throws Exception {
        RegisteredDatabase sales =
                DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "user": "postgres", "password": "pw"}]
                """, BASE).find("sales").orElseThrow();

        assertThat(sales.admin()).isEqualTo(new Credentials("postgres", "pw"));
        assertThat(sales.reader()).isNull();
        assertThatThrownBy(sales::requireReader).hasMessageContaining("\"reader\"");
    }

    @Test
    void aReaderOnlyRegistrationServesGeneration() throws Exception {
        RegisteredDatabase sales =
                DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "reader": {"user": "ro", "password": "pw"}}]
                """, BASE).find("sales").orElseThrow();

        assertThat(sales.admin()).isNull();
        assertThat(sales.requireReader().user()).isEqualTo("ro");
    }

    @Test
    void bothLoginFormsAtOnceAreRejected() {
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "user": "postgres", "password": "pw",
                  "admin": {"user": "schemarag_admin", "password": "a-pw"}}]
                """, BASE))
                .hasMessageContaining("sales")
                .hasMessageContaining("not both");
    }

    @Test
    void aLoginWithoutUserOrThatIsNotAnObjectIsRejected() {
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "reader": {"password": "pw"}}]
                """, BASE))
                .hasMessageContaining("\"reader\" needs a non-empty \"user\"");
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "reader": "schemarag_reader"}]
                """, BASE)).hasMessageContaining("\"reader\" must be");
    }

    @Test
    void answersAreExecutedOnlyWhereTheRegistrationSaysSo() throws Exception {
        DatabaseRegistry registry = DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "execute": true},
                 {"id": "hr", "jdbcUrl": "jdbc:postgresql://db/hr"}]
                """, BASE);

        assertThat(registry.find("sales").orElseThrow().execute()).isTrue();
        assertThat(registry.find("hr").orElseThrow().execute()).isFalse();
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "sales", "jdbcUrl": "jdbc:postgresql://db/sales", "execute": "yes"}]
                """, BASE))
                .hasMessageContaining("\"execute\" must be true or false");
    }

    @Test
    void principalsMapAskersToRolesAndAnUnmappedPrincipalIsNotAdmitted() throws Exception {
        DatabaseRegistry registry = DatabaseRegistry.parse("""
                [{"id": "erp", "jdbcUrl": "jdbc:postgresql://db/erp",
                  "principals": {"sales": "sales_role", "hr": "hr_role"}, "defaultRole": "guest_role"},
                 {"id": "open", "jdbcUrl": "jdbc:postgresql://db/open"}]
                """, BASE);

        Principals erp = registry.find("erp").orElseThrow().principals();
        assertThat(erp.roles()).containsExactly(entry("hr", "hr_role"), entry("sales", "sales_role"));
        assertThat(erp.roleOf(Asker.of("hr"))).contains("hr_role");
        assertThat(erp.roleOf(Asker.ANONYMOUS)).contains("guest_role");
        assertThat(erp.admits(Asker.of("mallory"))).isFalse();
        assertThat(erp.admits(Asker.of("sales"))).isTrue();
        Principals open = registry.find("open").orElseThrow().principals();
        assertThat(open.admits(Asker.ANONYMOUS)).isTrue();
        assertThat(open.roleOf(Asker.ANONYMOUS)).isEmpty();
        assertThat(open.admits(Asker.of("sales"))).isFalse();
    }

    @Test
    void aPrincipalMappedToSomethingOtherThanARoleNameIsRejected() {
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "erp", "jdbcUrl": "jdbc:postgresql://db/erp", "principals": {"hr": 7}}]
                """, BASE))
                .hasMessageContaining("the role of principal hr must be a string");
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "erp", "jdbcUrl": "jdbc:postgresql://db/erp", "principals": ["hr"]}]
                """, BASE))
                .hasMessageContaining("\"principals\" must be {principal: role}");
        assertThatThrownBy(() -> DatabaseRegistry.parse("""
                [{"id": "erp", "jdbcUrl": "jdbc:postgresql://db/erp", "principals": {"hr": " "}}]
                """, BASE))
                .hasMessageContaining("database erp: role of principal hr must not be empty");
    }

    @Test
    void aDocumentThatIsNotAListIsRejected() {
        assertThatThrownBy(() -> DatabaseRegistry.parse("{\"id\": \"sales\"}", BASE))
                .hasMessageContaining("JSON list");
    }
}
