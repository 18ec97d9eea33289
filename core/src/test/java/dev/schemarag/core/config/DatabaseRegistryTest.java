package dev.schemarag.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void aDocumentThatIsNotAListIsRejected() {
        assertThatThrownBy(() -> DatabaseRegistry.parse("{\"id\": \"sales\"}", BASE))
                .hasMessageContaining("JSON list");
    }
}
