package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ColumnCandidatesTest {

    private static final SchemaColumns HR = SchemaColumns.of(orderedMap(
            "hr.employee", List.of("id", "first_name", "last_name", "dept_id"),
            "hr.department", List.of("id", "name"),
            "hr.applicant", List.of("id", "first_name"),
            "hr.payroll", List.of("employee_id", "amount")));

    private final ColumnCandidates candidates = new ColumnCandidates(HR);

    private static Map<String, List<String>> orderedMap(Object... entries) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (int i = 0; i < entries.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> columns = (List<String>) entries[i + 1];
            map.put((String) entries[i], columns);
        }
        return map;
    }

    private static final String FAILED =
            "SELECT e.frist_name, d.name FROM employee e JOIN department d ON e.dept_id = d.id";

    @Test
    void givenQualifiedMisspelling_whenSuggested_thenAliasResolvesToTheIntendedTable() {
        ColumnRepair repair =
                candidates.suggest(FAILED, "column e.frist_name does not exist").orElseThrow();
        assertThat(repair.intendedTables()).containsExactly("hr.employee");
        assertThat(repair.validColumns())
                .extracting(ColumnMatch::column)
                .containsExactly("first_name", "last_name", "dept_id", "id");
        assertThat(repair.validColumns().get(0).similarity()).isEqualTo(0.9);
    }

    @Test
    void givenQualifiedMisspelling_whenSuggested_thenNearMatchesComeFromOtherTables() {
        ColumnRepair repair =
                candidates.suggest(FAILED, "column e.frist_name does not exist").orElseThrow();
        assertThat(repair.nearMatches()).containsExactly(new ColumnMatch("hr.applicant", "first_name", 0.9));
    }

    @Test
    void givenQualifiedMisspelling_whenSuggested_thenInstructionListsOnlyValidChoices() {
        ColumnRepair repair =
                candidates.suggest(FAILED, "column e.frist_name does not exist").orElseThrow();
        assertThat(repair.instruction())
                .isEqualTo("Column e.frist_name does not exist. Valid columns of "
                        + "hr.employee (e): first_name, last_name, dept_id, id. Similar columns in other tables: "
                        + "hr.applicant.first_name (join that table to use one). Choose only from these columns.");
    }

    @Test
    void givenUnqualifiedMisspelling_whenSuggested_thenAllTablesOfTheQueryAreIntended() {
        ColumnRepair repair = candidates
                .suggest(
                        "SELECT nme FROM employee e JOIN department d ON e.dept_id = d.id",
                        "column \"nme\" does not exist")
                .orElseThrow();
        assertThat(repair.intendedTables()).containsExactly("hr.employee", "hr.department");
        assertThat(repair.validColumns().get(0)).isEqualTo(new ColumnMatch("hr.department", "name", 0.75));
    }

    @Test
    void givenQualifierOfASubquery_whenSuggested_thenNoIntendedTableButNearMatches() {
        ColumnRepair repair = candidates
                .suggest("SELECT s.amont FROM (SELECT amount FROM payroll) s", "column s.amont does not exist")
                .orElseThrow();
        assertThat(repair.intendedTables()).isEmpty();
        assertThat(repair.nearMatches()).extracting(ColumnMatch::column).containsExactly("amount");
        assertThat(repair.instruction())
                .contains("No table of the query has it.")
                .contains("Similar columns in other tables: hr.payroll.amount");
    }

    @Test
    void givenOtherError_whenSuggested_thenEmpty() {
        assertThat(candidates.suggest(FAILED, "relation \"employe\" does not exist"))
                .isEmpty();
    }

    @Test
    void givenClearMisspelling_whenAutocorrected_thenOnlyThatReferenceIsReplaced() {
        String sql = "SELECT e.frist_name, 'e.frist_name' AS label FROM employee e /* e.frist_name */ "
                + "JOIN department d ON e.dept_id = d.id ORDER BY e.frist_name";
        assertThat(candidates.autocorrect(sql, "column e.frist_name does not exist"))
                .contains("SELECT e.first_name, 'e.frist_name' AS label FROM employee e /* e.frist_name */ "
                        + "JOIN department d ON e.dept_id = d.id ORDER BY e.first_name");
    }

    @Test
    void givenUnqualifiedMisspelling_whenAutocorrected_thenReplacedWhereUnqualified() {
        assertThat(candidates.autocorrect(
                        "SELECT amout FROM payroll WHERE amout > 10", "column \"amout\" does not exist"))
                .contains("SELECT amount FROM payroll WHERE amount > 10");
    }

    @Test
    void givenQuotedMisspelling_whenAutocorrected_thenReplacementStaysQuoted() {
        assertThat(candidates.autocorrect("SELECT \"amout\" FROM payroll", "column \"amout\" does not exist"))
                .contains("SELECT \"amount\" FROM payroll");
    }

    @Test
    void givenTwoEquallyCloseColumns_whenAutocorrected_thenNoGuess() {
        ColumnCandidates twoNames = new ColumnCandidates(SchemaColumns.of(Map.of("t", List.of("name1", "name2"))));
        assertThat(twoNames.autocorrect("SELECT name FROM t", "column \"name\" does not exist"))
                .isEmpty();
    }

    @Test
    void givenNoCloseColumn_whenAutocorrected_thenEmpty() {
        assertThat(candidates.autocorrect("SELECT e.salary FROM employee e", "column e.salary does not exist"))
                .isEmpty();
    }

    @Test
    void givenFixPresentInTwoJoinedTables_whenUnqualified_thenNoAutocorrect() {
        ColumnCandidates shared =
                new ColumnCandidates(SchemaColumns.of(Map.of("a", List.of("code"), "b", List.of("code"))));
        assertThat(shared.autocorrect("SELECT cdoe FROM a JOIN b ON a.code = b.code", "column \"cdoe\" does not exist"))
                .isEmpty();
    }

    @Test
    void givenCoreTables_whenBuildingContext_thenKeyedByQualifiedName() {
        var table = new dev.schemarag.core.schema.Table(
                new dev.schemarag.core.schema.TableName("hr", "employee"),
                false,
                null,
                List.of(new dev.schemarag.core.schema.Column("id", "integer", false, null, null)),
                List.of("id"),
                List.of(),
                List.of());
        assertThat(SchemaColumns.fromTables(List.of(table)).columnsOf("employee"))
                .containsExactly("id");
    }
}
