package dev.schemarag.core.relationships;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class JoinEdgesTest {
    private static final TableName ORDERS = name("s.orders");
    private static final TableName CUSTOMERS = name("s.customers");
    private static final TableName CLIENTS = name("s.clients");

    private final Table customers = table("s.customers").pk("id").build();
    private final Table clients = table("s.clients").pk("client_no").build();

    @Test
    void givenNoAnnotations_whenComputed_thenTheInferredEdgeIsThere() {
        List<ForeignKeyEdge> edges = JoinEdges.of(List.of(orders(List.of()), customers, clients));

        assertThat(edges)
                .containsExactly(new ForeignKeyEdge(
                        ORDERS, List.of("customer_id"), CUSTOMERS, List.of("id"), EdgeSource.INFERRED, 0.9));
    }

    @Test
    void givenAnAnnotatedRelationship_whenComputed_thenItComesWithItsConfidenceAndReplacesTheInferredOne() {
        Relationship added = new Relationship(List.of("customer_id"), CLIENTS, List.of("client_no"), false);

        List<ForeignKeyEdge> edges = JoinEdges.of(List.of(orders(List.of(added)), customers, clients));

        assertThat(edges)
                .containsExactly(new ForeignKeyEdge(
                        ORDERS,
                        List.of("customer_id"),
                        CLIENTS,
                        List.of("client_no"),
                        EdgeSource.ANNOTATED,
                        EdgeSource.ANNOTATED_CONFIDENCE));
    }

    @Test
    void givenADeniedRelationship_whenComputed_thenTheInferredEdgeIsLeftOut() {
        Relationship denied = new Relationship(List.of("customer_id"), CUSTOMERS, List.of("id"), true);

        assertThat(JoinEdges.of(List.of(orders(List.of(denied)), customers, clients)))
                .isEmpty();
    }

    @Test
    void givenADenialOfADeclaredKey_whenComputed_thenTheConstraintStillJoins() {
        // A denial is about inference: what the database enforces is a fact.
        Table declared = table("s.orders")
                .pk("order_id")
                .fk("customer_id", "s.customers", "id")
                .build()
                .withRelationships(List.of(new Relationship(List.of("customer_id"), CUSTOMERS, List.of("id"), true)));

        assertThat(JoinEdges.of(List.of(declared, customers))).isEmpty();
        assertThat(JoinEdges.declared(declared))
                .extracting(ForeignKeyEdge::source)
                .containsExactly(EdgeSource.DECLARED);
    }

    @Test
    void givenTwoSchemas_whenOneIsComputedAlone_thenItsEdgesAreThoseOfTheWholeCatalogInIt() {
        Table otherOrders =
                table("t.orders").pk("order_id").column("client_no", "bigint").build();
        Table otherClients = table("t.clients").pk("client_no").build();
        List<Table> catalog = List.of(orders(List.of()), customers, clients, otherOrders, otherClients);

        List<ForeignKeyEdge> alone = JoinEdges.of(List.of(otherOrders, otherClients));

        assertThat(alone).isNotEmpty();
        assertThat(alone)
                .isEqualTo(JoinEdges.of(catalog).stream()
                        .filter(e -> e.from().schema().equals("t"))
                        .toList());
    }

    private static Table orders(List<Relationship> relationships) {
        return table("s.orders")
                .pk("order_id")
                .column("customer_id", "bigint")
                .build()
                .withRelationships(relationships);
    }
}
