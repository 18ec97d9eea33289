package dev.schemarag.retrieval;

import static dev.schemarag.retrieval.ErpCatalog.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Retrieval for a principal: ranked, expanded and rendered from what its role may read only. */
class PrincipalRetrievalTest {
    private static final String QUESTION = "What is the total payslip amount per employee and manager?";
    /** A documented query whose reads the examples' seeding recorded. */
    private static final DocChunk PAYSLIP_TOTALS = new DocChunk(
            EMPLOYEES,
            "",
            DocKind.QUERY,
            "SELECT sum(amount) FROM hr.payslips",
            Optional.of(new SqlReads(List.of("hr.payslips"), List.of("amount"), false)));

    private final FakeSchemaIndex index = new FakeSchemaIndex("erp", ErpCatalog.TABLES);
    private final SchemaRetriever retriever =
            new SchemaRetriever(index, new FakeEmbeddingModel(), RetrievalSettings.defaults(), 16);

    PrincipalRetrievalTest() {
        index.replaceCatalog(
                "v1",
                ErpCatalog.TABLES,
                List.of(PAYSLIP_TOTALS, new DocChunk(EMPLOYEES, "", DocKind.OVERVIEW, "One row per employee.")));
        Map<TableName, TableAccess> access = new HashMap<>();
        for (Table table : ErpCatalog.TABLES) {
            List<String> every = table.columns().stream().map(Column::name).toList();
            Map<String, List<String>> readers = new HashMap<>(Map.of("hr_role", every));
            if (table.name().equals(EMPLOYEES)) readers.put("sales_role", List.of("employee_id", "full_name"));
            else if (!table.name().equals(PAYSLIPS)) readers.put("sales_role", every);
            access.put(table.name(), new TableAccess(readers, false, List.of()));
        }
        index.grant("v2", new Principals(Map.of("hr", "hr_role", "sales", "sales_role"), null), access);
        index.tableHits.addAll(List.of(new TableHit(PAYSLIPS, 0.7), new TableHit(EMPLOYEES, 0.6)));
        index.columnHits.addAll(List.of(
                new ColumnHit(PAYSLIPS, "amount", false, 0.66), new ColumnHit(EMPLOYEES, "manager_id", false, 0.5)));
        index.docHits.addAll(List.of(
                new DocHit(PAYSLIP_TOTALS, 0.8),
                new DocHit(new DocChunk(EMPLOYEES, "", DocKind.OVERVIEW, "One row per employee."), 0.7)));
    }

    private RetrievalResult ask(String principal, Boolean useRetrieval) {
        return retriever.retrieve(RetrievalRequest.of("erp", QUESTION)
                .withUseRetrieval(useRetrieval)
                .withAsker(Asker.of(principal)));
    }

    private static RetrievedContext context(RetrievalResult result) {
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }

    @Test
    void salesNeverSeesPayslipsNorTheColumnsOfEmployeesItCannotRead() {
        for (Boolean useRetrieval : new Boolean[] {null, true, false}) {
            RetrievedContext sales = context(ask("sales", useRetrieval));

            assertThat(sales.tables()).extracting(SelectedTable::table).doesNotContain(PAYSLIPS);
            String everything = sales.packet()
                    + sales.joinHints()
                    + sales.docChunks()
                    + sales.expansion()
                    + sales.bridging()
                    + sales.tables();
            assertThat(everything).doesNotContainPattern("(?i)\\b(payslips|manager_id|amount)\\b");
            if (sales.metadata().strategy() == Strategy.RAG)
                assertThat(sales.docChunks())
                        .extracting(hit -> hit.chunk().content())
                        .containsExactly("One row per employee.");
        }
    }

    @Test
    void hrSeesWhatItMayRead() {
        RetrievedContext hr = context(ask("hr", true));

        assertThat(hr.tables()).extracting(SelectedTable::table).contains(PAYSLIPS, EMPLOYEES);
        assertThat(hr.packet()).contains("manager_id", "amount");
        assertThat(hr.docChunks())
                .extracting(hit -> hit.chunk().content())
                .contains("SELECT sum(amount) FROM hr.payslips");
    }

    @Test
    void anUnmappedPrincipalIsRefusedWithAccessDenied() {
        RetrievalResult result = ask("mallory", true);

        assertThat(result).isInstanceOf(RetrievalFailure.class);
        assertThat(((RetrievalFailure) result).errorClass()).isEqualTo(ErrorClass.ACCESS_DENIED);
        assertThat(((RetrievalFailure) result).message()).contains("principal 'mallory'", "db principal add erp");
    }

    @Test
    void aQuestionWithoutAPrincipalAndWithoutADefaultRoleReadsTheWholeCatalogAsBefore() {
        assertThat(context(ask(null, true)).tables())
                .extracting(SelectedTable::table)
                .contains(PAYSLIPS);
    }
}
