package dev.schemarag.retrieval.graph;

import static dev.schemarag.retrieval.Tables.name;
import static dev.schemarag.retrieval.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class BridgesTest {
    private static final TableName ITEMS = name("s.order_items");
    private static final TableName ORDERS = name("s.orders");
    private static final TableName CUSTOMERS = name("s.customers");
    private static final TableName REGIONS = name("s.regions");
    private static final TableName AUDIT = name("s.audit_log");

    /** order_items → orders → customers → regions; audit_log stands alone. */
    private final ForeignKeyGraph graph = ForeignKeyGraph.of(List.of(
            table("s.order_items")
                    .pk("item_id")
                    .fk("order_id", "s.orders", "order_id")
                    .build(),
            table("s.orders")
                    .pk("order_id")
                    .fk("customer_id", "s.customers", "customer_id")
                    .build(),
            table("s.customers")
                    .pk("customer_id")
                    .fk("region_id", "s.regions", "region_id")
                    .build(),
            table("s.regions").pk("region_id").build(),
            table("s.audit_log").pk("entry_id").build()));

    @Test
    void givenJoinableTables_whenConnected_thenNoBridgeIsAdded() {
        Bridging bridging = Bridges.connect(List.of(ORDERS, CUSTOMERS), graph, t -> true, 5);

        assertThat(bridging.bridges()).isEmpty();
        assertThat(bridging.unconnected()).isEmpty();
    }

    @Test
    void givenTablesApart_whenConnected_thenTheInnerTablesOfTheShortestPathAreAdded() {
        Bridging bridging = Bridges.connect(List.of(ITEMS, REGIONS), graph, t -> true, 5);

        assertThat(bridging.added()).containsExactly(ORDERS, CUSTOMERS);
        assertThat(bridging.bridges()).containsExactly(new Bridge(ITEMS, REGIONS, List.of(ORDERS, CUSTOMERS)));
    }

    @Test
    void givenAPathLongerThanTheRoomLeft_whenConnected_thenTheTableStaysUnconnected() {
        Bridging bridging = Bridges.connect(List.of(ITEMS, REGIONS), graph, t -> true, 1);

        assertThat(bridging.added()).isEmpty();
        assertThat(bridging.unconnected()).containsExactly(REGIONS);
    }

    @Test
    void givenATableNoForeignKeyReaches_whenConnected_thenItStaysUnconnected() {
        Bridging bridging = Bridges.connect(List.of(ORDERS, AUDIT), graph, t -> true, 5);

        assertThat(bridging.added()).isEmpty();
        assertThat(bridging.unconnected()).containsExactly(AUDIT);
    }

    @Test
    void givenAPathThroughAnotherSelectedTable_whenConnected_thenOnlyUnselectedTablesBecomeBridges() {
        Bridging bridging = Bridges.connect(List.of(ITEMS, REGIONS, CUSTOMERS), graph, t -> true, 5);

        assertThat(bridging.added()).containsExactly(ORDERS);
        assertThat(bridging.unconnected()).isEmpty();
    }

    @Test
    void givenPathsOnlyThroughTablesOutOfScope_whenConnected_thenNoBridgeIsAdded() {
        Bridging bridging = Bridges.connect(List.of(ITEMS, REGIONS), graph, t -> !t.equals(CUSTOMERS), 5);

        assertThat(bridging.added()).isEmpty();
        assertThat(bridging.unconnected()).containsExactly(REGIONS);
    }
}
