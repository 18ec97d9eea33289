package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.graph.Bridge;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The context's JSON, field by field and in order: the web console and MCP clients read it. */
class ContextViewTest {
    private static final TableName ORDERS = new TableName("public", "orders");
    private static final TableName LINES = new TableName("public", "order_lines");
    private static final TableName PRODUCTS = new TableName("public", "products");
    private static final TableName NOTES = new TableName("public", "notes");

    @Test
    void aRetrievedContextShowsEachTableWithItsEvidenceAndTheBridgesItIsOn() throws Exception {
        RetrievedContext context = new RetrievedContext(
                "erp",
                List.of(
                        new SelectedTable(
                                ORDERS, 0.8, SelectionReason.RETRIEVED, new TableEvidence(0.75, 0, 2, 1, 3, 0.03)),
                        new SelectedTable(PRODUCTS, 0.5, SelectionReason.RETRIEVED, TableEvidence.NONE),
                        new SelectedTable(LINES, 0.0, SelectionReason.BRIDGE, TableEvidence.NONE)),
                List.of("orders.id = order_lines.order_id"),
                List.of(new DocHit(new DocChunk(ORDERS, null, DocKind.OVERVIEW, "Orders placed."), 0.6)),
                "PACKET",
                new ContextMetadata(Strategy.RAG, 3, 1, 0.65, null, 120, 900, false, Map.of(), "7"),
                new Expansion(List.of(NOTES), List.of(), List.of(NOTES), List.of()),
                new Bridging(List.of(new Bridge(ORDERS, PRODUCTS, List.of(LINES))), List.of()),
                java.util.Optional.empty());

        assertThat(new ObjectMapper().writeValueAsString(ContextView.of(context)))
                .isEqualTo("{\"databaseId\":\"erp\",\"strategy\":\"rag\",\"fallbackReason\":null,\"tables\":["
                        + "{\"rank\":1,\"table\":\"public.orders\",\"reason\":\"retrieved\",\"score\":0.8,"
                        + "\"denseTableScore\":0.75,\"columnEvidence\":0.0,\"columnHits\":2,\"denseRank\":1,"
                        + "\"lexicalRank\":3,\"fusedScore\":0.03,"
                        + "\"why\":\"table text similar (0.75), 2 matching column(s), keyword rank 3\",\"connects\":[]},"
                        + "{\"rank\":2,\"table\":\"public.products\",\"reason\":\"retrieved\",\"score\":0.5,"
                        + "\"denseTableScore\":0.0,\"columnEvidence\":0.0,\"columnHits\":0,\"denseRank\":0,"
                        + "\"lexicalRank\":0,\"fusedScore\":0.0,\"why\":\"retrieved\",\"connects\":[]},"
                        + "{\"rank\":3,\"table\":\"public.order_lines\",\"reason\":\"bridge\",\"score\":0.0,"
                        + "\"denseTableScore\":0.0,\"columnEvidence\":0.0,\"columnHits\":0,\"denseRank\":0,"
                        + "\"lexicalRank\":0,\"fusedScore\":0.0,\"why\":\"joins public.orders to public.products\","
                        + "\"connects\":[\"public.orders -> public.products\"]}],"
                        + "\"joinHints\":[\"orders.id = order_lines.order_id\"],"
                        + "\"blockedByExpansion\":[\"public.notes\"],"
                        + "\"docChunks\":[{\"table\":\"public.orders\",\"kind\":\"overview\",\"similarity\":0.6,"
                        + "\"content\":\"Orders placed.\"}],"
                        + "\"tokens\":{\"context\":120,\"fullSchema\":900,\"saved\":780,\"overBudget\":false},"
                        + "\"contextTokens\":120,\"fullSchemaTokens\":900,\"packet\":\"PACKET\","
                        + "\"routingConfidence\":null}");
    }
}
