package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Retrieval over a catalog the size of the largest benchmark database: 881 tables, 4710 columns. */
class LargeCatalogRetrievalTest {
    private static final int TABLES = 881;
    private static final int COLUMNS = 4710;
    private static final String[] WORDS = {
        "account",
        "ledger",
        "invoice",
        "employee",
        "leave",
        "shipment",
        "warehouse",
        "product",
        "category",
        "customer",
        "region",
        "payment",
        "tax",
        "budget",
        "project",
        "contract",
        "asset",
        "vendor",
        "order",
        "line",
        "status",
        "audit",
        "price",
        "currency",
        "calendar",
        "period",
        "journal"
    };

    /**
     * Functional only: Surefire runs on a shared machine, so a latency bound here would be a flaky gate. The latency
     * figure belongs to the retrieval benchmark ({@code schemarag bench retrieval}, which reports it per system).
     */
    @Test
    void givenACatalogOfTheLargestBenchmarkSize_whenQuestionsAreRetrieved_thenEachGetsABoundedRagPacket() {
        Random random = new Random(42);
        List<Table> tables = catalog(random);
        FakeSchemaIndex index = new FakeSchemaIndex("big", tables);
        List<DocChunk> docs = tables.stream()
                .map(t -> new DocChunk(
                        t.name(),
                        "",
                        DocKind.OVERVIEW,
                        "Holds " + t.name().table().replace('_', ' ') + " records."))
                .toList();
        index.replaceCatalog("v1", tables, docs);
        for (int i = 0; i < 15; i++) index.tableHits.add(new TableHit(pick(tables, random), 0.6 - i * 0.02));
        for (int i = 0; i < 50; i++) {
            Table table = tables.get(random.nextInt(TABLES));
            index.columnHits.add(
                    new ColumnHit(table.name(), table.columns().get(1).name(), i % 5 == 0, 0.55 - i * 0.005));
        }
        RetrievalSettings settings = RetrievalSettings.defaults();
        SchemaRetriever retriever = new SchemaRetriever(index, new FakeEmbeddingModel(), settings, 0);

        for (int i = 0; i < 20; i++) {
            String question =
                    "open " + WORDS[i % WORDS.length] + " amounts by " + WORDS[(i * 7) % WORDS.length] + " " + i;
            RetrievalResult result = retriever.retrieve(RetrievalRequest.of("big", question));

            assertThat(result).as(question).isInstanceOf(RetrievalResult.Retrieved.class);
            RetrievedContext context = ((RetrievalResult.Retrieved) result).context();
            assertThat(context.metadata().strategy()).as(question).isEqualTo(Strategy.RAG);
            assertThat(context.tables()).as(question).isNotEmpty().hasSizeLessThanOrEqualTo(settings.maxTables());
        }
        RetrievalResult first = retriever.retrieve(RetrievalRequest.of("big", "total ledger payment per vendor"));
        assertThat(((RetrievalResult.Retrieved) first).context().tables().size())
                .isBetween(10, 12);
    }

    /** Tables of 4 to 7 columns (4710 in all), each referencing up to two earlier tables. */
    private static List<Table> catalog(Random random) {
        List<Table> tables = new ArrayList<>();
        int columnsLeft = COLUMNS;
        for (int i = 0; i < TABLES; i++) {
            String name = WORDS[random.nextInt(WORDS.length)] + "_" + WORDS[random.nextInt(WORDS.length)] + "_" + i;
            Tables table = Tables.table("m" + (i % 12) + "." + name).pk(name + "_id");
            int columns =
                    i == TABLES - 1 ? columnsLeft : Math.min(columnsLeft - 4 * (TABLES - 1 - i), 4 + random.nextInt(4));
            int references = i == 0 ? 0 : Math.min(columns - 2, random.nextInt(3));
            for (int r = 0; r < references; r++) {
                Table target = tables.get(random.nextInt(tables.size()));
                table.fk(
                        "ref_" + r + "_" + target.name().table() + "_id",
                        target.name().toString(),
                        target.primaryKey().get(0));
            }
            for (int c = 1 + references; c < columns; c++)
                table.column(WORDS[random.nextInt(WORDS.length)] + "_" + c, "text");
            columnsLeft -= columns;
            tables.add(
                    table.comment("The " + name.replace('_', ' ') + " register").build());
        }
        assertThat(tables.stream().mapToInt(t -> t.columns().size()).sum()).isEqualTo(COLUMNS);
        return tables;
    }

    private static TableName pick(List<Table> tables, Random random) {
        return tables.get(random.nextInt(tables.size())).name();
    }
}
