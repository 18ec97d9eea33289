package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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

    @Test
    void setsTheSessionLimitsOnTheRoleWithTheSuperuserOnlyOneLast() {
        TargetSessionLimits limits = TargetSessionLimits.DEFAULT.withStatementTimeout(Duration.ofMillis(2500));

        List<String> statements = ReaderRole.statements("r1", "erp", List.of("public"), null, limits);

        assertThat(statements)
                .contains(
                        "ALTER ROLE r1 SET statement_timeout = '2500ms'",
                        "ALTER ROLE r1 SET lock_timeout = '1000ms'",
                        "ALTER ROLE r1 SET idle_in_transaction_session_timeout = '10000ms'",
                        "ALTER ROLE r1 SET work_mem = '8192kB'",
                        "ALTER ROLE r1 SET max_parallel_workers_per_gather = '0'",
                        "ALTER ROLE r1 SET join_collapse_limit = '8'",
                        "ALTER ROLE r1 SET from_collapse_limit = '8'",
                        "ALTER ROLE r1 SET geqo_threshold = '10'")
                .last()
                .isEqualTo("ALTER ROLE r1 SET temp_file_limit = '262144kB'");
    }
}
