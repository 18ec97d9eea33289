package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.PacketFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WideTableRendererTest {
    private static final Table EMPLOYEES = wide();
    private static final String FULL = CreateTableRenderer.render(EMPLOYEES, SqlDialect.POSTGRESQL);
    private static final ForeignKeyEdge TO_DEPARTMENTS = new ForeignKeyEdge(
            EMPLOYEES.name(), List.of("department_id"), Tables.name("hr.departments"), List.of("department_id"));

    private static Table wide() {
        Tables t = table("hr.employees")
                .pk("employee_id")
                .fk("department_id", "hr.departments", "department_id")
                .fk("manager_id", "hr.employees", "employee_id")
                .column("hire_date", "date", false, "First working day with the company.");
        for (String c : List.of("phone", "email", "birth_date", "badge_number", "home_address", "shoe_size"))
            t.column(c, "varchar(120)", true, "The employee's " + c.replace('_', ' ') + ", as HR recorded it.");
        return t.build();
    }

    @Test
    void aTableWithinTheBudgetIsWrittenInFull() {
        int fullTokens = TokenCounter.count(FULL);

        assertThat(render(Set.of(), fullTokens)).isEqualTo(FULL);
    }

    @Test
    void aWideTableKeepsItsKeysJoiningAndMatchedColumnsAndNamesTheRest() {
        Set<String> kept = KeptColumns.of(
                EMPLOYEES, List.of(TO_DEPARTMENTS), Set.of(), "Who was hired in 2021 in each department?");

        String text = render(kept, 120);

        assertThat(text).isEqualTo("""
                CREATE TABLE hr.employees (
                  employee_id bigint NOT NULL,
                  department_id bigint,
                  hire_date date NOT NULL, -- First working day with the company.
                  PRIMARY KEY (employee_id),
                  FOREIGN KEY (department_id) REFERENCES hr.departments (department_id)
                ); -- 7 more columns (types and comments elided): manager_id, phone, email, birth_date,\
                 badge_number, home_address, shoe_size""");
        assertThat(TokenCounter.count(text)).isLessThanOrEqualTo(120).isLessThan(TokenCounter.count(FULL));
    }

    @Test
    void namesThatDoNotFitTheBudgetAreCountedAndTheBudgetHolds() {
        String text = render(Set.of(), 50);

        assertThat(text)
                .contains("-- 9 more columns (types and comments elided): department_id")
                .contains(", and ");
        assertThat(text).doesNotContain("shoe_size");
        assertThat(TokenCounter.count(text)).isLessThanOrEqualTo(50);
    }

    @Test
    void whenNotEvenOneNameFitsTheCountAloneIsGiven() {
        assertThat(render(Set.of(), 5)).endsWith("); -- 9 more columns not shown");
    }

    @Test
    void aTableWhoseColumnsAreAllKeptIsWrittenInFull() {
        Set<String> all =
                Set.copyOf(EMPLOYEES.columns().stream().map(c -> c.name()).toList());

        assertThat(render(all, 10)).isEqualTo(FULL);
    }

    @Test
    void theCompactFormatNamesTheRestTheSameWay() {
        String full = CompactSchemaRenderer.render(EMPLOYEES, SqlDialect.POSTGRESQL);

        String text = WideTableRenderer.render(
                EMPLOYEES, Set.of("hire_date"), full, 60, PacketFormat.COMPACT, SqlDialect.POSTGRESQL);

        assertThat(text)
                .startsWith("hr.employees (employee_id bigint PK, hire_date date) -- 8 more columns (types and"
                        + " comments elided): department_id, manager_id");
    }

    private static String render(Set<String> kept, int budget) {
        return WideTableRenderer.render(
                EMPLOYEES, kept, FULL, budget, PacketFormat.CREATE_TABLE, SqlDialect.POSTGRESQL);
    }
}
