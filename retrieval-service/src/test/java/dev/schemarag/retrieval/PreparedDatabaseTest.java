package dev.schemarag.retrieval;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.relationships.JoinEdges;
import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreparedDatabaseTest {

    @Test
    void storedEdgesInAnyOrderComeBackInTheOrderInferenceAndAnnotationsGiveThem() {
        List<Table> tables = List.of(
                table("s.customers").pk("customer_id").build(),
                table("s.orders")
                        .pk("order_id")
                        .column("customer_id", "bigint")
                        .column("store_id", "bigint")
                        .build()
                        .withRelationships(List.of(new Relationship(
                                List.of("store_id"), Tables.name("s.stores"), List.of("store_id"), false))),
                table("s.payments")
                        .pk("payment_id")
                        .column("order_id", "bigint")
                        .column("customer_id", "bigint")
                        .build(),
                table("s.stores").pk("store_id").build());
        List<ForeignKeyEdge> expected = JoinEdges.of(tables);
        assertThat(expected).hasSizeGreaterThan(3);
        // As the store might return them: each table's edges, in reverse.
        List<IndexedTable> stored = tables.stream()
                .map(t -> new IndexedTable(
                        t,
                        null,
                        false,
                        t.name().table(),
                        "stamp",
                        List.of(),
                        expected.stream()
                                .filter(e -> e.from().equals(t.name()))
                                .sorted(Comparator.comparing(ForeignKeyEdge::toString)
                                        .reversed())
                                .toList()))
                .toList();

        assertThat(PreparedDatabase.storedEdges(stored)).containsExactlyElementsOf(expected);
    }

    @Test
    void vectorsStampedByTheQuestionsModelAreItsOwn() {
        assertThat(PreparedDatabase.vectorsOfOtherModels(
                        database("model-a", "model-a").tables(), "model-a"))
                .isZero();
    }

    @Test
    void everyTableAndColumnVectorStampedByAnotherModelIsCounted() {
        assertThat(PreparedDatabase.vectorsOfOtherModels(
                        database("model-a", "model-b").tables(), "model-a"))
                .isEqualTo(1);
        assertThat(PreparedDatabase.vectorsOfOtherModels(
                        database("model-b", "model-b").tables(), "model-a"))
                .isEqualTo(2);
    }

    @Test
    void aStampOfAnotherTextIsNotTheModelsEither() {
        IndexedColumn stale = new IndexedColumn(
                "total", false, "orders.total", TextHash.stamp("model-a", TextHash.sha256("old text")));
        IndexedDatabase database = new IndexedDatabase(
                "db",
                "v1",
                List.of(new IndexedTable(
                        table("s.orders").column("total", "numeric").build(),
                        null,
                        false,
                        "orders",
                        stamp("model-a", "orders"),
                        List.of(stale))),
                List.of());

        assertThat(PreparedDatabase.vectorsOfOtherModels(database.tables(), "model-a"))
                .isEqualTo(1);
    }

    /** One table with one column, their vectors stamped by the given models. */
    private static IndexedDatabase database(String tableModel, String columnModel) {
        IndexedColumn column = new IndexedColumn("total", false, "orders.total", stamp(columnModel, "orders.total"));
        IndexedTable orders = new IndexedTable(
                table("s.orders").column("total", "numeric").build(),
                null,
                false,
                "orders",
                stamp(tableModel, "orders"),
                List.of(column));
        return new IndexedDatabase("db", "v1", List.of(orders), List.of());
    }

    private static String stamp(String modelId, String text) {
        return TextHash.stamp(modelId, TextHash.sha256(text));
    }
}
