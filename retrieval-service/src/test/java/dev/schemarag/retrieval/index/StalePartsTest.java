package dev.schemarag.retrieval.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What each kind of catalog change makes stale: texts to render, lexical documents to index, the join graph. */
class StalePartsTest {
    private static final TableName ORDERS = Tables.name("sales.orders");
    private static final TableName CUSTOMERS = Tables.name("sales.customers");
    private static final Table ORDERS_TABLE = Tables.table("sales.orders")
            .pk("order_id")
            .fk("customer_id", "sales.customers", "customer_id")
            .column("placed_at", "timestamptz", true, "When the order was placed")
            .build();
    private static final Table CUSTOMERS_TABLE =
            Tables.table("sales.customers").pk("customer_id").build();
    private static final DocChunk OVERVIEW = new DocChunk(ORDERS, "", DocKind.OVERVIEW, "One row per order.");
    private static final TableAccess SALES_READS =
            new TableAccess(Map.of("sales_role", List.of("order_id", "customer_id", "placed_at")), false, List.of());

    private final IndexedDatabase held = new IndexedDatabase(
            "db", "1", List.of(orders(ORDERS_TABLE, "orders", List.of(), SALES_READS), customers()), List.of(OVERVIEW));

    @Test
    void aGrantOrRevokeMakesNothingStale() {
        TableAccess revoked = new TableAccess(Map.of(), true, List.of("own_rows"));

        StaleParts stale = StaleParts.of(held, changes(orders(ORDERS_TABLE, "orders", List.of(), revoked), OVERVIEW));

        assertThat(stale).isEqualTo(new StaleParts(Set.of(), Set.of(), false));
    }

    @Test
    void aCommentMakesTheTextsAndTheLexicalDocumentsStaleButNotTheGraph() {
        Table commented = new Table(
                ORDERS,
                false,
                "Customer orders",
                ORDERS_TABLE.columns(),
                ORDERS_TABLE.primaryKey(),
                ORDERS_TABLE.foreignKeys(),
                ORDERS_TABLE.uniqueConstraints());

        StaleParts stale = StaleParts.of(
                held, changes(orders(commented, "orders: Customer orders", List.of(), SALES_READS), OVERVIEW));

        assertThat(stale.texts()).containsExactly(ORDERS);
        assertThat(stale.lexical()).containsExactly(ORDERS);
        assertThat(stale.graph()).isTrue(); // its definition changed: the graph is rebuilt from definitions
    }

    @Test
    void aStoredEdgeMakesTheGraphStaleOnly() {
        ForeignKeyEdge inferred = new ForeignKeyEdge(
                ORDERS, List.of("customer_id"), CUSTOMERS, List.of("customer_id"), EdgeSource.INFERRED, 0.7);

        StaleParts stale =
                StaleParts.of(held, changes(orders(ORDERS_TABLE, "orders", List.of(inferred), SALES_READS), OVERVIEW));

        assertThat(stale).isEqualTo(new StaleParts(Set.of(), Set.of(), true));
    }

    @Test
    void aDocChunkMakesTheLexicalDocumentsStaleOnly() {
        DocChunk rewritten = new DocChunk(ORDERS, "", DocKind.OVERVIEW, "One row per order, cancelled ones too.");

        StaleParts stale =
                StaleParts.of(held, changes(orders(ORDERS_TABLE, "orders", List.of(), SALES_READS), rewritten));

        assertThat(stale).isEqualTo(new StaleParts(Set.of(), Set.of(ORDERS), false));
    }

    @Test
    void aDroppedOrAddedTableMakesEverythingOfItStale() {
        List<Column> columns = new ArrayList<>(CUSTOMERS_TABLE.columns());
        Table regions = new Table(
                Tables.name("sales.regions"), false, null, columns, List.of("customer_id"), List.of(), List.of());
        IndexedTable added = new IndexedTable(regions, null, false, "regions", "s", List.of());
        CatalogChanges changes = new CatalogChanges("2", Set.of(CUSTOMERS, regions.name()), List.of(added), List.of());

        StaleParts stale = StaleParts.of(held, changes);

        assertThat(stale.texts()).containsExactlyInAnyOrder(CUSTOMERS, regions.name());
        assertThat(stale.lexical()).containsExactlyInAnyOrder(CUSTOMERS, regions.name());
        assertThat(stale.graph()).isTrue();
    }

    private static CatalogChanges changes(IndexedTable orders, DocChunk doc) {
        return new CatalogChanges("2", Set.of(ORDERS), List.of(orders), List.of(doc));
    }

    private static IndexedTable orders(Table definition, String text, List<ForeignKeyEdge> edges, TableAccess access) {
        return new IndexedTable(
                definition,
                "Sales",
                false,
                text,
                "stamp",
                List.of(new IndexedColumn("placed_at", false, "placed_at: When the order was placed", "stamp")),
                edges,
                access);
    }

    private static IndexedTable customers() {
        return new IndexedTable(CUSTOMERS_TABLE, "Sales", false, "customers", "stamp", List.of());
    }
}
