package dev.schemarag.retrieval;

import static dev.schemarag.retrieval.ErpCatalog.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A date-sharded family of twenty tables beside the ERP, whose members the vector search ranks first. */
class TableFamilyRetrievalTest {
    private static final String QUESTION = "Which pages were visited most often?";
    private static final int MEMBERS = 20;

    private final FakeSchemaIndex index;
    private final SchemaRetriever retriever;

    TableFamilyRetrievalTest() {
        List<Table> tables = new ArrayList<>(ErpCatalog.TABLES);
        LocalDate first = LocalDate.of(2024, 1, 1);
        for (int day = 0; day < MEMBERS; day++)
            tables.add(Tables.table("hr.visits_" + first.plusDays(day).format(DateTimeFormatter.BASIC_ISO_DATE))
                    .pk("visit_id")
                    .column("employee_id", "bigint")
                    .column("page", "text")
                    .build());
        index = new FakeSchemaIndex("erp", tables);
        // Members share their embedded texts: one similarity, above every other table; ties rank by name.
        for (int day = 0; day < MEMBERS; day++)
            index.tableHits.add(
                    new TableHit(tables.get(ErpCatalog.TABLES.size() + day).name(), 0.7));
        index.tableHits.addAll(List.of(new TableHit(DEPARTMENTS, 0.62), new TableHit(EMPLOYEES, 0.55)));
        retriever = new SchemaRetriever(index, new FakeEmbeddingModel(), RetrievalSettings.defaults(), 16);
    }

    @Test
    void theFamilyIsOneTableOfThePacketWrittenOnceWithItsPatternCountAndRange() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION));

        List<SelectedTable> members = context.tables().stream()
                .filter(t -> t.table().table().startsWith("visits_"))
                .toList();
        assertThat(members).hasSize(1);
        assertThat(members.get(0).family().orElseThrow().size()).isEqualTo(MEMBERS);
        // The search asked for the members beyond the first as well, so the tables ranked below them are found.
        assertThat(context.tables()).extracting(SelectedTable::table).contains(DEPARTMENTS, EMPLOYEES);
        assertThat(context.packet())
                .contains("-- Table family hr.visits_YYYYMMDD: 20 tables from hr.visits_20240101 to hr.visits_20240120"
                        + " (one per day), each with the columns of hr.visits_20240101 below;"
                        + " read one by its name, several with UNION ALL\nCREATE TABLE hr.visits_20240101 (")
                .containsOnlyOnce("CREATE TABLE hr.visits_");
    }

    @Test
    void switchedOffTheMembersAreTablesOfTheirOwnAndCrowdOutTheTablesRankedBelowThem() {
        RetrievedContext context = retrieve(
                RetrievalRequest.of("erp", QUESTION).withSettings(Map.of(RetrievalSettings.FAMILIES.key(), "false")));

        assertThat(context.tables())
                .filteredOn(t -> t.table().table().startsWith("visits_"))
                .hasSizeGreaterThan(1);
        assertThat(context.tables()).extracting(SelectedTable::table).doesNotContain(DEPARTMENTS);
        assertThat(context.packet()).doesNotContain("-- Table family");
    }

    @Test
    void aFamilyBelowTheMinimumOfMembersIsTablesOfTheirOwn() {
        RetrievedContext context = retrieve(RetrievalRequest.of("erp", QUESTION)
                .withSettings(Map.of(RetrievalSettings.FAMILY_MIN_MEMBERS.key(), String.valueOf(MEMBERS + 1))));

        assertThat(context.tables()).allSatisfy(t -> assertThat(t.family()).isEmpty());
        assertThat(context.packet()).doesNotContain("-- Table family");
    }

    private RetrievedContext retrieve(RetrievalRequest request) {
        RetrievalResult result = retriever.retrieve(request);
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }
}
