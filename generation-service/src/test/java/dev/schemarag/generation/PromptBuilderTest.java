package dev.schemarag.generation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PromptBuilderTest {
    private static final String PACKET =
            "CREATE TABLE hr.employees (\n  employee_id bigint PRIMARY KEY,\n  last_name text\n);";

    private final PromptBuilder builder = new PromptBuilder();

    private static GenerationRequest request(Optional<String> evidence) {
        return new GenerationRequest(
                "q1",
                "erp",
                "Who was hired last?",
                Asker.ANONYMOUS,
                evidence,
                PACKET,
                List.of("hr.employees.department_id = hr.departments.department_id"),
                List.of("Employees: one row per person."),
                0.9,
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void systemMessageFixesPostgresDialectReadOnlyRulesAndJsonOutput() {
        Prompt prompt = builder.build(request(Optional.empty()));

        assertThat(prompt.system())
                .contains(
                        "PostgreSQL",
                        "Use only the tables and columns listed",
                        "exactly one read-only statement",
                        "Qualify every column",
                        "\"query\"",
                        "\"confidence\"",
                        "\"tablesUsed\"");
    }

    @Test
    void aMariaDbDatabaseIsAskedForMariaDbSql() {
        String system = builder.build(request(Optional.empty()).withDialect(SqlDialect.MARIADB))
                .system();

        assertThat(system)
                .contains(
                        "MariaDB dialect only",
                        "backticks",
                        "no ILIKE, no ::casts",
                        "no SLEEP",
                        "exactly one read-only")
                .doesNotContain("PostgreSQL", "pg_sleep");
        assertThat(builder.build(request(Optional.empty()).withDialect(SqlDialect.MYSQL))
                        .system())
                .contains("MySQL dialect only");
    }

    @Test
    void userMessageCarriesContextJoinHintsDocsEvidenceAndQuestionInThatOrder() {
        String user =
                builder.build(request(Optional.of("hired means hire_date"))).user();

        assertThat(user)
                .containsSubsequence(
                        PACKET,
                        "### Join conditions",
                        "- hr.employees.department_id = hr.departments.department_id",
                        "### Documentation",
                        "- Employees: one row per person.",
                        "### Evidence",
                        "hired means hire_date",
                        "### Question",
                        "Who was hired last?");
        assertThat(user).doesNotContain("### Repair");
    }

    @Test
    void blankEvidenceAndEmptyListsLeaveTheirSectionsOut() {
        GenerationRequest bare = new GenerationRequest(
                "q1",
                "erp",
                "How many?",
                Asker.ANONYMOUS,
                Optional.of("  "),
                PACKET,
                List.of(),
                List.of(),
                0.9,
                Optional.empty(),
                Optional.empty());

        assertThat(builder.build(bare).user())
                .doesNotContain("### Evidence", "### Join conditions", "### Documentation");
    }

    @Test
    void repairRequestShowsPreviousQueryErrorAndInstruction() {
        GenerationRequest repair = request(Optional.empty())
                .withRepair(new GenerationRequest.Repair(
                        "SELECT e.lastname FROM hr.employees e",
                        "column e.lastname does not exist",
                        "Use e.last_name."));

        assertThat(builder.build(repair).user())
                .containsSubsequence(
                        "### Repair",
                        "SELECT e.lastname FROM hr.employees e",
                        "Error: column e.lastname does not exist",
                        "Instruction: Use e.last_name.");
    }
}
