package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.ContextMetadata;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SelectedTable;
import dev.schemarag.retrieval.SelectionReason;
import dev.schemarag.retrieval.Strategy;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.packet.ContextPacket;
import dev.schemarag.retrieval.packet.TokenCounter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PacketBreakdownTest {
    private static final TableName ORDERS = new TableName("erp", "orders");
    private static final TableName CUSTOMERS = new TableName("erp", "customers");
    private static final String ORDERS_DDL = "-- Sales orders\nCREATE TABLE erp.orders (\n  order_id bigint NOT NULL,\n"
            + "  customer_id bigint,\n  PRIMARY KEY (order_id)\n);";
    private static final String CUSTOMERS_DDL = "CREATE TABLE erp.customers (\n  customer_id bigint NOT NULL\n);";

    @Test
    void eachTableHintAndDocHasItsOwnTokens() {
        DocHit query = new DocHit(
                new DocChunk(ORDERS, "", DocKind.QUERY, "Open orders:\nSELECT * FROM orders WHERE open"), 0.91);
        DocHit column = new DocHit(new DocChunk(ORDERS, "customer_id", DocKind.COLUMN, "Who ordered."), 0.52);
        List<String> hints = List.of("orders.customer_id = customers.customer_id (inferred, confidence 0.9)");
        String packet = ContextPacket.assemble(
                List.of(ORDERS_DDL, CUSTOMERS_DDL), PacketFormat.CREATE_TABLE, hints, List.of(query, column));

        Map<String, Object> breakdown = PacketBreakdown.of(
                context(
                        packet,
                        List.of(
                                new SelectedTable(ORDERS, 0.7, SelectionReason.RETRIEVED),
                                new SelectedTable(CUSTOMERS, 0.3, SelectionReason.FK_EXPANSION)),
                        List.of(query, column)),
                Set.of("erp.customers"));

        assertThat(breakdown.get("packet_tokens")).isEqualTo(TokenCounter.count(packet));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> tables = (List<Map<String, Object>>) breakdown.get("tables");
        assertThat(tables).extracting(t -> t.get("table")).containsExactly("erp.orders", "erp.customers");
        assertThat(tables).extracting(t -> t.get("reason")).containsExactly("retrieved", "fk_expansion");
        assertThat(tables).extracting(t -> t.get("gold")).containsExactly(false, true);
        assertThat(tables)
                .extracting(t -> t.get("tokens"))
                .containsExactly(TokenCounter.count(ORDERS_DDL), TokenCounter.count(CUSTOMERS_DDL));
        assertThat(breakdown.get("join_hints")).isEqualTo(1);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> docs = (List<Map<String, Object>>) breakdown.get("docs");
        assertThat(docs).extracting(d -> d.get("kind")).containsExactly("query", "column");
        assertThat(docs.get(1)).containsEntry("column", "customer_id");
        assertThat(docs.get(0))
                .containsEntry(
                        "tokens",
                        TokenCounter.count(
                                "\n-- [query] erp.orders\n--   Open orders:\n--   SELECT * FROM orders WHERE open"));
        assertThat((int) breakdown.get("doc_tokens"))
                .isGreaterThan((int) docs.get(0).get("tokens"));
    }

    @Test
    void compactTablesSplitByLineAndTextsThatDoNotSplitGiveNoPieces() {
        assertThat(PacketBreakdown.tablePieces(
                        "erp.orders (order_id bigint PK)\nerp.customers (customer_id bigint)", 2))
                .containsExactly("erp.orders (order_id bigint PK)", "erp.customers (customer_id bigint)");
        assertThat(PacketBreakdown.tablePieces(ORDERS_DDL + "\n\n" + CUSTOMERS_DDL, 3))
                .isNull();
        assertThat(PacketBreakdown.tablePieces("", 0)).isEmpty();
    }

    private static RetrievedContext context(String packet, List<SelectedTable> tables, List<DocHit> docs) {
        ContextMetadata metadata = new ContextMetadata(
                Strategy.RAG,
                tables.size(),
                docs.size(),
                0.5,
                null,
                TokenCounter.count(packet),
                1000,
                false,
                Map.of(),
                "v1");
        return new RetrievedContext(
                "erp", tables, List.of(), docs, packet, metadata, Expansion.NONE, Bridging.NONE, Optional.empty());
    }
}
