package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class DatabaseArgumentTest {
    private final DatabaseRegistry databases = new DatabaseRegistry(List.of(database("erp"), database("sales")));
    private final StringWriter err = new StringWriter();

    @Test
    void aRegisteredIdIsFoundWithoutAWord() {
        assertThat(DatabaseArgument.registered(databases, "sales", new PrintWriter(err, true)))
                .hasValueSatisfying(db -> assertThat(db.id()).isEqualTo("sales"));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void anUnknownIdIsRefusedNamingTheRegisteredOnes() {
        assertThat(DatabaseArgument.registered(databases, "crm", new PrintWriter(err, true)))
                .isEmpty();
        assertThat(err.toString().strip()).isEqualTo("unknown database 'crm'; registered: [erp, sales]");
    }

    private static RegisteredDatabase database(String id) {
        return new RegisteredDatabase(
                id,
                "jdbc:postgresql://127.0.0.1:5432/" + id,
                new Credentials("admin", "secret"),
                null,
                List.of("public"),
                null,
                null);
    }
}
