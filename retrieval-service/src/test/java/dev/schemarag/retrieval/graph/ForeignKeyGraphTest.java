package dev.schemarag.retrieval.graph;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ForeignKeyGraphTest {
    private final ForeignKeyGraph graph = ForeignKeyGraph.of(List.of(
            table("s.orders")
                    .pk("order_id")
                    .fk("customer_id", "s.customers", "customer_id")
                    .fk("ghost_id", "s.ghosts", "id")
                    .build(),
            table("s.customers")
                    .pk("customer_id")
                    .fk("region_id", "s.regions", "region_id")
                    .build(),
            table("s.regions").pk("region_id").build(),
            table("s.employees")
                    .pk("employee_id")
                    .fk("manager_id", "s.employees", "employee_id")
                    .build()));

    @Test
    void neighboursAreFoundInBothDirections() {
        assertThat(graph.neighbours(name("s.customers")))
                .containsExactlyInAnyOrder(name("s.orders"), name("s.regions"));
    }

    @Test
    void keysToTablesOutsideTheCatalogAreLeftOut() {
        assertThat(graph.neighbours(name("s.orders"))).containsExactly(name("s.customers"));
    }

    @Test
    void aSelfReferenceIsAJoinButNotANeighbour() {
        assertThat(graph.neighbours(name("s.employees"))).isEmpty();
        assertThat(graph.edgesWithin(List.of(name("s.employees"))))
                .containsExactly(new ForeignKeyEdge(
                        name("s.employees"), List.of("manager_id"), name("s.employees"), List.of("employee_id")));
    }

    @Test
    void referencedByListsOnlyTheParentsInTheCatalog() {
        assertThat(graph.referencedBy(name("s.customers"))).containsExactly(name("s.regions"));
        assertThat(graph.referencedBy(name("s.orders"))).containsExactly(name("s.customers"));
        assertThat(graph.referencedBy(name("s.regions"))).isEmpty();
        assertThat(graph.referencedBy(name("s.employees"))).isEmpty();
    }

    @Test
    void edgesWithinKeepOnlyKeysBetweenTheGivenTables() {
        assertThat(graph.edgesWithin(List.of(name("s.orders"), name("s.customers"))))
                .extracting(ForeignKeyEdge::from, ForeignKeyEdge::to)
                .containsExactly(tuple(name("s.orders"), name("s.customers")));
    }

    @Test
    void cheapestPathWalksForeignKeysEitherWay() {
        assertThat(graph.cheapestPath(Set.of(name("s.orders")), Set.of(name("s.regions")), Set.of(), t -> true, 5))
                .contains(List.of(name("s.orders"), name("s.customers"), name("s.regions")));
    }

    @Test
    void cheapestPathIsEmptyWhenOnlyImpassableTablesConnect() {
        assertThat(graph.cheapestPath(
                        Set.of(name("s.orders")),
                        Set.of(name("s.regions")),
                        Set.of(),
                        t -> !t.equals(name("s.customers")),
                        5))
                .isEmpty();
    }

    @Test
    void cheapestPathIsEmptyWhenItWouldAddMoreTablesThanAllowed() {
        assertThat(graph.cheapestPath(Set.of(name("s.orders")), Set.of(name("s.regions")), Set.of(), t -> true, 0))
                .isEmpty();
    }

    @Test
    void freeTablesCostNothing() {
        assertThat(graph.cheapestPath(
                        Set.of(name("s.orders")), Set.of(name("s.regions")), Set.of(name("s.customers")), t -> true, 0))
                .contains(List.of(name("s.orders"), name("s.customers"), name("s.regions")));
    }

    @Test
    void aLongerPathThroughFreeTablesBeatsAShorterOneThatAddsTables() {
        // a - x - d costs one added table; a - b - c - d passes only through free tables.
        ForeignKeyGraph diamond = ForeignKeyGraph.of(List.of(
                table("s.a")
                        .pk("id")
                        .fk("x_id", "s.x", "id")
                        .fk("b_id", "s.b", "id")
                        .build(),
                table("s.x").pk("id").fk("d_id", "s.d", "id").build(),
                table("s.b").pk("id").fk("c_id", "s.c", "id").build(),
                table("s.c").pk("id").fk("d_id", "s.d", "id").build(),
                table("s.d").pk("id").build()));

        assertThat(diamond.cheapestPath(
                        Set.of(name("s.a")), Set.of(name("s.d")), Set.of(name("s.b"), name("s.c")), t -> true, 3))
                .contains(List.of(name("s.a"), name("s.b"), name("s.c"), name("s.d")));
    }
}
