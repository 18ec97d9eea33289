package dev.schemarag.core.config;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RegisteredDatabaseTest {
    @Test
    void hostPortAndNameComeFromTheJdbcUrl() {
        RegisteredDatabase db = new RegisteredDatabase("erp", "jdbc:postgresql://db.internal:6543/erp_prod?ssl=true", "u", "p",
                List.of(), null, null);
        assertThat(db.host()).isEqualTo("db.internal");
        assertThat(db.port()).isEqualTo(6543);
        assertThat(db.databaseName()).isEqualTo("erp_prod");
        assertThat(db.schemas()).containsExactly("public");
    }

    @Test
    void theDefaultPortIs5432() {
        assertThat(new RegisteredDatabase("a", "jdbc:postgresql://localhost/a", "u", "p", List.of("s"), null, null).port()).isEqualTo(5432);
    }

    @Test
    void anIdWithSpacesOrANonPostgresUrlIsRejected() {
        assertThatThrownBy(() -> new RegisteredDatabase("my db", "jdbc:postgresql://h/d", "u", "p", List.of(), null, null))
                .hasMessageContaining("my db");
        assertThatThrownBy(() -> new RegisteredDatabase("x", "jdbc:mysql://h/d", "u", "p", List.of(), null, null))
                .hasMessageContaining("jdbc:postgresql:");
    }
}
