package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.packet.TokenCounter;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The token memo changes no packet: the same questions over the same catalog, retrieved with every count taken from
 * the memo and with every text tokenised whole, give the same packets (the wide tables' elisions, which follow the
 * counts, included) and the same token figures.
 */
class PacketTokenMemoTest {
    private static final String[] WORDS = {
        "account", "ledger", "invoice", "employee", "leave", "shipment", "warehouse", "product", "customer", "region",
        "payment", "tax", "budget", "project", "contract", "vendor", "order", "status", "price", "currency"
    };

    @Test
    void packetsAndTheirTokenCountsAreTheSameWithAndWithoutTheMemo() {
        List<Table> tables = catalog(new Random(29));
        List<DocChunk> docs = tables.stream()
                .map(t -> new DocChunk(
                        t.name(),
                        "",
                        DocKind.OVERVIEW,
                        "Holds the " + t.name().table().replace('_', ' ') + " records.\nKept for seven years."))
                .toList();
        for (String format : List.of("create_table", "compact")) {
            RetrievalSettings settings =
                    RetrievalSettings.defaults().withOverrides(Map.of(RetrievalSettings.PACKET_FORMAT.key(), format));
            FakeSchemaIndex memoised = index(tables, docs);
            FakeSchemaIndex whole = index(tables, docs);
            SchemaRetriever withMemo = new SchemaRetriever(memoised, new FakeEmbeddingModel(), settings, 0);
            SchemaRetriever withoutMemo = new SchemaRetriever(whole, new FakeEmbeddingModel(), settings, 0);
            Random random = new Random(format.hashCode());
            int elided = 0;
            for (int i = 0; i < 12; i++) {
                script(random, tables, docs, memoised, whole);
                String question = "total " + WORDS[i % WORDS.length] + " " + WORDS[(i * 7) % WORDS.length] + " by "
                        + WORDS[(i * 3) % WORDS.length] + " and status " + i;
                RetrievedContext expected = TokenCounter.withoutMemo(
                        () -> context(withoutMemo.retrieve(RetrievalRequest.of("big", question))));
                for (int round = 0; round < 2; round++) { // once filling the memo, once read from it
                    RetrievedContext actual = context(withMemo.retrieve(RetrievalRequest.of("big", question)));

                    assertThat(actual.packet()).as(question).isEqualTo(expected.packet());
                    assertThat(actual.metadata().contextTokens())
                            .isEqualTo(expected.metadata().contextTokens());
                    assertThat(actual.metadata().fullSchemaTokens())
                            .isEqualTo(expected.metadata().fullSchemaTokens());
                    assertThat(actual.metadata().overBudget())
                            .isEqualTo(expected.metadata().overBudget());
                }
                if (expected.packet().contains("more column")) elided++;
            }
            assertThat(elided).as("packets with a wide table cut to its budget").isGreaterThan(3);
        }
    }

    private static FakeSchemaIndex index(List<Table> tables, List<DocChunk> docs) {
        FakeSchemaIndex index = new FakeSchemaIndex("big", tables);
        index.replaceCatalog("v1", tables, docs);
        return index;
    }

    /** The same scripted vector hits for both indexes: some tables, columns and doc chunks at random. */
    private static void script(Random random, List<Table> tables, List<DocChunk> docs, FakeSchemaIndex... indexes) {
        List<TableHit> tableHits = new ArrayList<>();
        List<ColumnHit> columnHits = new ArrayList<>();
        List<DocHit> docHits = new ArrayList<>();
        for (int i = 0; i < 8; i++)
            tableHits.add(new TableHit(tables.get(random.nextInt(tables.size())).name(), 0.7 - i * 0.02));
        for (int i = 0; i < 12; i++) {
            Table table = tables.get(random.nextInt(tables.size()));
            String column =
                    table.columns().get(random.nextInt(table.columns().size())).name();
            columnHits.add(new ColumnHit(table.name(), column, i % 4 == 0, 0.6 - i * 0.01));
        }
        for (int i = 0; i < 6; i++) docHits.add(new DocHit(docs.get(random.nextInt(docs.size())), 0.9 - i * 0.05));
        for (FakeSchemaIndex index : indexes) {
            index.tableHits = tableHits;
            index.columnHits = columnHits;
            index.docHits = docHits;
        }
    }

    private static RetrievedContext context(RetrievalResult result) {
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }

    /** 60 tables of 4 to 40 commented columns, each referencing up to two earlier tables. */
    private static List<Table> catalog(Random random) {
        List<Table> tables = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String name = WORDS[random.nextInt(WORDS.length)] + "_" + WORDS[random.nextInt(WORDS.length)] + "_" + i;
            Tables table = Tables.table("s" + (i % 5) + "." + name).pk(name + "_id");
            int references = i == 0 ? 0 : random.nextInt(3);
            for (int r = 0; r < references; r++) {
                Table target = tables.get(random.nextInt(tables.size()));
                table.fk(
                        "ref_" + r + "_" + target.name().table() + "_id",
                        target.name().toString(),
                        target.primaryKey().get(0));
            }
            int columns = 4 + random.nextInt(37);
            for (int c = 0; c < columns; c++) {
                String column = WORDS[random.nextInt(WORDS.length)] + "_" + c;
                table.column(
                        column,
                        c % 3 == 0 ? "numeric(12,2)" : "text",
                        c % 2 == 0,
                        "The " + column.replace('_', ' ') + " of the " + name.replace('_', ' ') + ", as entered.");
            }
            tables.add(
                    table.comment("The " + name.replace('_', ' ') + " register").build());
        }
        return tables;
    }
}
