package dev.schemarag.app.onboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotReadingTest {
    @Test
    void aDatabaseWithoutAnAdminLoginIsNotAsked() {
        RegisteredDatabase noAdmin = new RegisteredDatabase(
                "sales", "jdbc:postgresql://127.0.0.1:1/sales", null, null, List.of("public"), null, null);

        assertThat(SlotReading.of(noAdmin)).isInstanceOf(SlotReading.NoAdminLogin.class);
    }

    @Test
    void aServerThatCannotBeReachedIsUnreachableWithItsSqlState() {
        RegisteredDatabase nowhere = new RegisteredDatabase(
                "sales",
                "jdbc:postgresql://127.0.0.1:1/sales?connectTimeout=1",
                new Credentials("admin", "secret"),
                null,
                List.of("public"),
                null,
                null);

        assertThat(SlotReading.of(nowhere))
                .isEqualTo(new SlotReading.Unreachable("08001")); // connection refused on port 1
    }
}
