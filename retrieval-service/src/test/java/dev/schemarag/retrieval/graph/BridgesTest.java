package dev.schemarag.retrieval.graph;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
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

    @Test
    void givenTwoPathsAddingAsManyTables_whenConnected_thenTheMoreConfidentOneIsTaken() {
        // tickets and agents are joined through teams by inferred edges (found first), or through queues by annotated
        // ones.
        TableName tickets = name("s.tickets");
        TableName agents = name("s.agents");
        ForeignKeyGraph twoWays = ForeignKeyGraph.of(
                List.of(
                        table("s.tickets").pk("ticket_id").build(),
                        table("s.teams").pk("team_id").build(),
                        table("s.queues").pk("queue_id").build(),
                        table("s.agents").pk("agent_id").build()),
                List.of(
                        edge(tickets, "s.teams", EdgeSource.INFERRED, 0.9),
                        edge(name("s.teams"), "s.agents", EdgeSource.INFERRED, 0.7),
                        edge(tickets, "s.queues", EdgeSource.ANNOTATED, EdgeSource.ANNOTATED_CONFIDENCE),
                        edge(name("s.queues"), "s.agents", EdgeSource.ANNOTATED, EdgeSource.ANNOTATED_CONFIDENCE)));

        Bridging bridging = Bridges.connect(List.of(tickets, agents), twoWays, t -> true, 5);

        assertThat(bridging.added()).containsExactly(name("s.queues"));
    }

    private static ForeignKeyEdge edge(TableName from, String to, EdgeSource source, double confidence) {
        return new ForeignKeyEdge(from, List.of("ref_id"), name(to), List.of("id"), source, confidence);
    }
}
