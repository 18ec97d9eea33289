package dev.schemarag.generation.execution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PiiMaskTest {
    private static final PiiMask MASK = new PiiMask(Set.of("users.email", "HR.Employees.SSN"));
    private static final ResultColumn USERNAME = column("username", "public.users.username");
    private static final ResultColumn EMAIL = column("email", "public.users.email");
    private static final ResultColumn COMPUTED = new ResultColumn("c", "text", Optional.empty());

    @Test
    void aColumnReadFromAPiiColumnHasItsCellsWithheld() {
        ExecutionOutcome.Rows masked =
                rows(MASK.apply("SELECT username, email FROM users", rows(USERNAME, EMAIL, "ann", "ann@example.com")));

        assertThat(masked.columns()).containsExactly(USERNAME, EMAIL.withheld());
        assertThat(masked.rows()).containsExactly(Arrays.asList("ann", null));
    }

    @Test
    void aShortKeyMatchesTheTableInAnySchemaAndAQualifiedKeyOnlyItsOwn() {
        ResultColumn crmEmail = column("email", "crm.users.email");
        ResultColumn hrSsn = column("ssn", "hr.employees.ssn");
        ResultColumn publicSsn = column("ssn", "public.employees.ssn");

        ExecutionOutcome.Rows masked = rows(MASK.apply(
                "SELECT u.email, e.ssn, p.ssn FROM crm.users u, hr.employees e, public.employees p",
                rows(List.of(crmEmail, hrSsn, publicSsn), List.of("a@b.c", "123", "456"))));

        assertThat(masked.columns()).extracting(ResultColumn::masked).containsExactly(true, true, false);
        assertThat(masked.rows().get(0)).containsExactly(null, null, "456");
    }

    @Test
    void aComputedColumnIsWithheldWhenTheStatementReadsAPiiColumnAnywhere() {
        for (String sql : List.of(
                "SELECT upper(email) AS c FROM users",
                "SELECT count(*) AS c FROM users WHERE email LIKE '%@example.com'",
                "SELECT max(o.total) AS c FROM orders o JOIN users u ON u.email = o.contact",
                "WITH x AS (SELECT email FROM public.users) SELECT length(email) AS c FROM x",
                "SELECT row_to_json(u) AS c FROM users u",
                "SELECT to_jsonb(u.*) AS c FROM users u",
                "SELECT *, 1 AS c FROM users")) {
            assertThat(rows(MASK.apply(sql, rows(COMPUTED, USERNAME, "x", "ann")))
                            .columns())
                    .as(sql)
                    .containsExactly(COMPUTED.withheld(), USERNAME);
        }
    }

    @Test
    void aComputedColumnIsShownWhenTheStatementReadsNoPiiColumn() {
        for (String sql : List.of(
                "SELECT count(*) AS c FROM users",
                "SELECT upper(username) AS c FROM users",
                "SELECT email AS c FROM suppliers",
                "SELECT count(*) AS c FROM crm.employees WHERE ssn IS NULL")) {
            assertThat(rows(MASK.apply(sql, rows(COMPUTED, USERNAME, "x", "ann")))
                            .columns())
                    .as(sql)
                    .containsExactly(COMPUTED, USERNAME);
        }
    }

    @Test
    void aStatementThatDoesNotParseIsTakenToReadEveryPiiColumn() {
        assertThat(rows(MASK.apply("SELECT c FROM users WHERE ~~~", rows(COMPUTED, USERNAME, "x", "ann")))
                        .columns())
                .containsExactly(COMPUTED.withheld(), USERNAME);
    }

    @Test
    void anErrorMessageThatMayQuoteAValueIsWithheldWhenTheStatementReadsPii() {
        ExecutionOutcome.Rejected quoting =
                new ExecutionOutcome.Rejected("22P02", "invalid input syntax for type integer: \"ann@example.com\"");
        ExecutionOutcome.Rejected textual = new ExecutionOutcome.Rejected("42703", "column \"emial\" does not exist");

        ExecutionOutcome withheld = MASK.apply("SELECT email::int FROM users", quoting);

        assertThat(withheld).isInstanceOf(ExecutionOutcome.Rejected.class);
        assertThat(((ExecutionOutcome.Rejected) withheld).sqlState()).isEqualTo("22P02");
        assertThat(((ExecutionOutcome.Rejected) withheld).message()).doesNotContain("ann@example.com");
        assertThat(MASK.apply("SELECT emial, email FROM users", textual)).isEqualTo(textual);
        assertThat(MASK.apply("SELECT username::int FROM users", quoting)).isEqualTo(quoting);
    }

    @Test
    void withoutPiiColumnsAndForRefusalsTheOutcomeIsUnchanged() {
        ExecutionOutcome rows = rows(EMAIL, USERNAME, "ann@example.com", "ann");
        ExecutionOutcome refused = new ExecutionOutcome.Refused(ErrorClass.INFRA_FAILURE, "busy");

        assertThat(PiiMask.NONE.apply("SELECT email, username FROM users", rows))
                .isSameAs(rows);
        assertThat(MASK.apply("SELECT email FROM users", refused)).isSameAs(refused);
    }

    private static ResultColumn column(String name, String source) {
        return new ResultColumn(name, "text", Optional.of(source));
    }

    private static ExecutionOutcome.Rows rows(ResultColumn a, ResultColumn b, String cellA, String cellB) {
        return rows(List.of(a, b), List.of(cellA, cellB));
    }

    private static ExecutionOutcome.Rows rows(List<ResultColumn> columns, List<String> row) {
        return new ExecutionOutcome.Rows(columns, List.of(row), false, 3, "reader");
    }

    private static ExecutionOutcome.Rows rows(ExecutionOutcome outcome) {
        assertThat(outcome).isInstanceOf(ExecutionOutcome.Rows.class);
        return (ExecutionOutcome.Rows) outcome;
    }
}
