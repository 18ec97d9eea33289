package dev.schemarag.generation.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.generation.GeneratedSql;
import java.util.List;
import org.junit.jupiter.api.Test;

class CachedAnswerTest {
    private static final GeneratedSql SQL = new GeneratedSql(
            "SELECT e.last_name, d.name FROM hr.employees e JOIN departments d USING (department_id)",
            "names",
            0.9,
            List.of("hr.employees"),
            List.of(),
            GeneratedSql.LLM);

    private static CachedAnswer validatedAt(String catalogVersion) {
        return CachedAnswer.of("q1", "Names and departments", SQL, List.of(), catalogVersion)
                .orElseThrow();
    }

    @Test
    void anEntryRecordsTheTablesItsSqlReadsAndTheVersionOfItsContext() {
        CachedAnswer entry = validatedAt("42");

        assertThat(entry.reads()).containsExactlyInAnyOrder("hr.employees", "departments");
        assertThat(entry.catalogVersion()).isEqualTo(42);
        assertThat(entry.candidate().generator()).isEqualTo(CachedAnswer.GENERATOR);
        assertThat(entry.candidate().sql()).isEqualTo(SQL.sql());
    }

    @Test
    void aChangeOfATableItReadsAfterItsVersionMakesItStale() {
        TableChange renamed = new TableChange("hr", "employees", 43);

        assertThat(validatedAt("42").staleBy(List.of(renamed))).contains(renamed);
    }

    @Test
    void changesAtOrBeforeItsVersionAreWhatItWasValidatedOn() {
        assertThat(validatedAt("42")
                        .staleBy(
                                List.of(new TableChange("hr", "employees", 42), new TableChange("hr", "employees", 7))))
                .isEmpty();
    }

    @Test
    void aChangeOfAnotherTableLeavesItFresh() {
        assertThat(validatedAt("42")
                        .staleBy(List.of(
                                new TableChange("hr", "salaries", 50), new TableChange("sales", "employees", 51))))
                .isEmpty();
    }

    @Test
    void aBareNameIsTouchedByItsTableInAnySchemaAndNamesCompareWithoutCase() {
        // "departments" is unqualified: a table of that name in any schema on the search path may be the one it reads,
        // a new one included.
        TableChange created = new TableChange("public", "Departments", 43);

        assertThat(validatedAt("42").staleBy(List.of(created))).contains(created);
        assertThat(validatedAt("42").staleBy(List.of(new TableChange("HR", "EMPLOYEES", 44))))
                .isPresent();
    }

    @Test
    void sqlThatDoesNotParseOrAContextWithoutVersionIsNeverCached() {
        assertThat(CachedAnswer.of("q1", "q", SQL.withSql("SELEC nonsense FROM"), List.of(), "42"))
                .isEmpty();
        assertThat(CachedAnswer.of("q1", "q", SQL, List.of(), null)).isEmpty();
        assertThat(CachedAnswer.of("q1", "q", SQL, List.of(), "not a number")).isEmpty();
    }
}
