package dev.schemarag.retrieval.lexical;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LexicalIndexTest {
    private static final TableName EMPLOYEES = name("hr.employees");
    private static final TableName LEAVE = name("hr.leave_requests");
    private static final TableName INVOICES = name("finance.invoices");
    private static final TableName TAX = name("finance.tax_codes");

    private final LexicalIndex index = LexicalIndex.build(new IndexedDatabase(
            "erp",
            "v1",
            List.of(
                    indexed(
                            EMPLOYEES,
                            "Employees of the company",
                            new IndexedColumn("employee_id", true, "employee_id identifier", "")),
                    indexed(
                            LEAVE,
                            "Leave taken by employees",
                            new IndexedColumn("leave_type", false, "leave_type vacation sick parental", "")),
                    indexed(
                            INVOICES,
                            "Invoices sent to customers",
                            new IndexedColumn("vat_amount", false, "vat_amount", "")),
                    indexed(TAX, "Tax rates", new IndexedColumn("code", false, "code", ""))),
            List.of(new DocChunk(
                    TAX, "code", DocKind.COLUMN, "Codes follow ISO3166 country codes, e.g. DE19 for Germany."))));

    @Test
    void anIdentifierInTheQuestionFindsTheTableThatOwnsIt() {
        assertThat(tables(index.search("which leave_type is most common", Set.of(), 10, 1.5, 0.75)))
                .first()
                .isEqualTo(LEAVE);
    }

    @Test
    void aWordOfASnakeCaseColumnFindsIt() {
        assertThat(tables(index.search("total vat per month", Set.of(), 10, 1.5, 0.75)))
                .first()
                .isEqualTo(INVOICES);
    }

    @Test
    void aCodeFoundInADocChunkMapsToItsTable() {
        assertThat(tables(index.search("tax rate of DE19", Set.of(), 10, 1.5, 0.75)))
                .first()
                .isEqualTo(TAX);
    }

    @Test
    void eachTableAppearsOnceWithItsBestDocument() {
        assertThat(tables(index.search("employees leave", Set.of(), 10, 1.5, 0.75)))
                .containsExactlyInAnyOrder(EMPLOYEES, LEAVE);
    }

    @Test
    void schemasRestrictTheHits() {
        assertThat(tables(index.search("employees invoices", Set.of("finance"), 10, 1.5, 0.75)))
                .containsExactly(INVOICES);
    }

    @Test
    void topTablesCutsTheRanking() {
        assertThat(index.search("employees leave invoices tax", Set.of(), 2, 1.5, 0.75))
                .hasSize(2);
    }

    @Test
    void aQuestionOfOnlyStopWordsFindsNothing() {
        assertThat(index.search("how many of them", Set.of(), 10, 1.5, 0.75)).isEmpty();
    }

    @Test
    void eachTermOfTheQuestionComesWithTheTablesWhoseTextsHoldIt() {
        // "employees" is in both hr tables' texts; "germany" only in tax_codes' doc chunk; "payroll" nowhere
        assertThat(index.tablesHolding("Employees and payroll in Germany", Set.of()))
                .containsOnlyKeys("employee", "germany")
                .containsEntry("employee", Set.of(EMPLOYEES, LEAVE))
                .containsEntry("germany", Set.of(TAX));
        assertThat(index.tablesHolding("Employees and payroll in Germany", Set.of("hr")))
                .containsOnlyKeys("employee");
    }

    @Test
    void aTermRunTogetherWithAnotherInAnIdentifierIsHeldByItsTable() {
        TableName airports = name("flights.airports");
        TableName routes = name("flights.routes");
        LexicalIndex flights = LexicalIndex.build(new IndexedDatabase(
                "flights",
                "v1",
                List.of(
                        indexed(airports, "airports", new IndexedColumn("airportcode", false, "airportcode", "")),
                        indexed(routes, "routes", new IndexedColumn("code", false, "code", ""))),
                List.of()));

        assertThat(flights.tablesHolding("airport codes", Set.of()))
                .containsEntry("airport", Set.of(airports))
                .containsEntry("code", Set.of(airports, routes));
    }

    @Test
    void wordsAnIdentifierRunsTogetherAreHeldByItsTable() {
        TableName students = name("school.highschooler");
        LexicalIndex school = LexicalIndex.build(new IndexedDatabase(
                "school",
                "v1",
                List.of(indexed(students, "highschooler", new IndexedColumn("grade", false, "grade", ""))),
                List.of()));

        assertThat(school.tablesHolding("Which grade are the high schoolers in?", Set.of()))
                .containsEntry("high", Set.of(students))
                .containsEntry("school", Set.of(students))
                .containsEntry("grade", Set.of(students));
    }

    private static IndexedTable indexed(TableName name, String text, IndexedColumn column) {
        return new IndexedTable(
                table(name.toString()).column(column.name(), "text").build(),
                null,
                false,
                name.table() + " " + text,
                "",
                List.of(column));
    }

    private static List<TableName> tables(List<LexicalHit> hits) {
        return hits.stream().map(LexicalHit::table).toList();
    }
}
