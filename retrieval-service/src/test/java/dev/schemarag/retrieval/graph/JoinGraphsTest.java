package dev.schemarag.retrieval.graph;

import static dev.schemarag.retrieval.Tables.name;
import static dev.schemarag.retrieval.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class JoinGraphsTest {
    private static final TableName ORDERS = name("s.orders");
    private static final TableName CUSTOMERS = name("s.customers");
    private static final TableName CLIENTS = name("s.clients");

    private final Table customers = table("s.customers").pk("id").build();
    private final Table clients = table("s.clients").pk("client_no").build();

    @Test
    void givenNoAnnotations_whenBuilt_thenInferredEdgesJoin() {
        ForeignKeyGraph graph = JoinGraphs.of(List.of(orders(List.of()), customers, clients));

        assertThat(graph.edgesWithin(List.of(ORDERS, CUSTOMERS)))
                .extracting(ForeignKeyEdge::source)
                .containsExactly(EdgeSource.INFERRED);
    }

    @Test
    void givenAnAnnotatedRelationship_whenBuilt_thenItJoinsWithItsConfidenceAndReplacesTheInferredOne() {
        Relationship added = new Relationship(List.of("customer_id"), CLIENTS, List.of("client_no"), false);

        ForeignKeyGraph graph = JoinGraphs.of(List.of(orders(List.of(added)), customers, clients));

        assertThat(graph.edgesWithin(List.of(ORDERS, CUSTOMERS, CLIENTS)))
                .containsExactly(new ForeignKeyEdge(
                        ORDERS,
                        List.of("customer_id"),
                        CLIENTS,
                        List.of("client_no"),
                        EdgeSource.ANNOTATED,
                        EdgeSource.ANNOTATED_CONFIDENCE));
        assertThat(graph.confidence(ORDERS, CLIENTS)).isEqualTo(EdgeSource.ANNOTATED_CONFIDENCE);
    }

    @Test
    void givenADeniedRelationship_whenBuilt_thenTheInferredEdgeIsNeverUsed() {
        Relationship denied = new Relationship(List.of("customer_id"), CUSTOMERS, List.of("id"), true);

        ForeignKeyGraph graph = JoinGraphs.of(List.of(orders(List.of(denied)), customers, clients));

        assertThat(graph.edgesWithin(List.of(ORDERS, CUSTOMERS))).isEmpty();
        assertThat(graph.neighbours(ORDERS)).isEmpty();
    }

    @Test
    void givenADenialOfADeclaredKey_whenBuilt_thenTheConstraintStillJoins() {
        // A denial is about inference: what the database enforces is a fact.
        Table declared = table("s.orders")
                .pk("order_id")
                .fk("customer_id", "s.customers", "id")
                .build()
                .withRelationships(List.of(new Relationship(List.of("customer_id"), CUSTOMERS, List.of("id"), true)));

        ForeignKeyGraph graph = JoinGraphs.of(List.of(declared, customers));

        assertThat(graph.edgesWithin(List.of(ORDERS, CUSTOMERS)))
                .extracting(ForeignKeyEdge::source)
                .containsExactly(EdgeSource.DECLARED);
    }

    private static Table orders(List<Relationship> relationships) {
        return table("s.orders")
                .pk("order_id")
                .column("customer_id", "bigint")
                .build()
                .withRelationships(relationships);
    }
}
