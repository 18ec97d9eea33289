package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ModelTableSelectionTest {
    private static final TableName EMPLOYEES = new TableName("hr", "employees");
    private static final TableName DEPARTMENTS = new TableName("hr", "departments");
    private static final TableName PAYROLL = new TableName("hr", "payroll_runs");
    private static final TableName SALES_DEPARTMENTS = new TableName("sales", "departments");
    private static final List<TableName> CANDIDATES = List.of(EMPLOYEES, DEPARTMENTS, PAYROLL);

    @Test
    void thePromptListsEachCandidateWithItsColumnsAndTheFirstLineOfItsComment() {
        Table employees = table(EMPLOYEES, "People employed.\nSecond line.", "employee_id", "department_id");
        Table wide = table(
                PAYROLL, null, IntStream.range(0, 45).mapToObj(i -> "c" + i).toArray(String[]::new));

        String prompt = ModelTableSelection.prompt(" How many employees per department? ", List.of(employees, wide));

        assertThat(prompt)
                .startsWith("Question: How many employees per department?\n\nCandidate tables:\n")
                .contains("- hr.employees(employee_id, department_id) -- People employed.\n")
                .contains("c39, ... 5 more)")
                .doesNotContain("c40")
                .doesNotContain("Second line");
    }

    @Test
    void theReplyNamesCandidatesByQualifiedOrUniqueBareNameInAnyCase() {
        String reply = "Sure: {\"tables\": [\"HR.Employees\", \"departments\", \"hr.nonexistent\", 42]} done";

        assertThat(ModelTableSelection.named(reply, CANDIDATES)).containsExactlyInAnyOrder(EMPLOYEES, DEPARTMENTS);
        assertThat(ModelTableSelection.named(
                        "{\"tables\": [\"departments\"]}", List.of(DEPARTMENTS, SALES_DEPARTMENTS)))
                .as("a bare name two candidates share names neither")
                .isEmpty();
    }

    @Test
    void aReplyWithoutATablesListNamesNothing() {
        assertThat(ModelTableSelection.named(null, CANDIDATES)).isEmpty();
        assertThat(ModelTableSelection.named("I think you need employees.", CANDIDATES))
                .isEmpty();
        assertThat(ModelTableSelection.named("{\"tables\": \"hr.employees\"}", CANDIDATES))
                .isEmpty();
        assertThat(ModelTableSelection.named("{\"tables\": [\"hr.employees\"", CANDIDATES))
                .isEmpty();
        assertThat(ModelTableSelection.named("{\"query\": \"SELECT 1\"}", CANDIDATES))
                .isEmpty();
    }

    @Test
    void unnamedTablesGoUnlessRetrievalWasSureOfThemOrTheyBridgeTheOthers() {
        TableName bridge = new TableName("hr", "assignments");
        List<SelectedTable> selected = List.of(
                new SelectedTable(EMPLOYEES, 0.60, SelectionReason.RETRIEVED),
                new SelectedTable(PAYROLL, 0.50, SelectionReason.RETRIEVED),
                new SelectedTable(DEPARTMENTS, 0.30, SelectionReason.RETRIEVED),
                new SelectedTable(bridge, 0.10, SelectionReason.BRIDGE),
                new SelectedTable(SALES_DEPARTMENTS, 0.40, SelectionReason.FK_EXPANSION));

        List<SelectedTable> kept = ModelTableSelection.kept(selected, Set.of(DEPARTMENTS), 0.8);

        assertThat(kept)
                .extracting(SelectedTable::table)
                .as("payroll_runs at 0.50 is within 0.8 of the best 0.60; sales.departments at 0.40 is not")
                .containsExactly(EMPLOYEES, PAYROLL, DEPARTMENTS, bridge);
    }

    @Test
    void aReplyThatNamesNoSelectedTableLeavesTheSelectionAsItWas() {
        List<SelectedTable> selected = List.of(
                new SelectedTable(EMPLOYEES, 0.60, SelectionReason.RETRIEVED),
                new SelectedTable(DEPARTMENTS, 0.20, SelectionReason.RETRIEVED));

        assertThat(ModelTableSelection.kept(selected, Set.of(), 0.8)).isEqualTo(selected);
        assertThat(ModelTableSelection.kept(selected, Set.of(PAYROLL), 0.8)).isEqualTo(selected);
    }

    private static Table table(TableName name, String comment, String... columns) {
        return new Table(
                name,
                false,
                comment,
                List.of(columns).stream()
                        .map(c -> new Column(c, "integer", true, null, null))
                        .toList(),
                List.of(),
                List.of(),
                List.of());
    }
}
