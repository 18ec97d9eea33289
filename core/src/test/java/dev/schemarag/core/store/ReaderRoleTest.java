package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReaderRoleTest {

    @Test
    void grantsConnectUsageAndSelectOnlyAndDefaultsToReadOnly() {
        List<String> statements = ReaderRole.statements("erp", List.of("hr", "sales"), "pw");

        assertThat(statements)
                .contains(
                        "GRANT CONNECT ON DATABASE \"erp\" TO schemarag_reader",
                        "GRANT USAGE ON SCHEMA \"hr\" TO schemarag_reader",
                        "GRANT SELECT ON ALL TABLES IN SCHEMA \"sales\" TO schemarag_reader",
                        "ALTER ROLE schemarag_reader SET default_transaction_read_only = on");
        assertThat(String.join("\n", statements))
                .doesNotContainIgnoringCase("INSERT")
                .doesNotContainIgnoringCase("UPDATE ON")
                .doesNotContainIgnoringCase("ALL PRIVILEGES");
    }

    @Test
    void quotesThePasswordAsALiteral() {
        assertThat(ReaderRole.statements("erp", List.of("public"), "it's"))
                .contains("ALTER ROLE schemarag_reader PASSWORD 'it''s'");
    }
}
