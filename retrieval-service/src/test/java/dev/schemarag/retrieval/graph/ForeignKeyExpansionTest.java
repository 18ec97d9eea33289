package dev.schemarag.retrieval.graph;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.relationships.RelationshipInference;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.ranking.RankedTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForeignKeyExpansionTest {
    private static final RetrievalSettings SETTINGS = RetrievalSettings.defaults();
    private static final TableName ORDERS = name("s.orders");
    private static final TableName CUSTOMERS = name("s.customers");
    private static final TableName USERS = name("s.users");
    private static final TableName ITEMS = name("s.order_items");

    /** orders → customers, orders → users; order_items → orders. */
    private final ForeignKeyGraph graph = ForeignKeyGraph.of(List.of(
            table("s.orders")
                    .pk("order_id")
                    .fk("customer_id", "s.customers", "customer_id")
                    .fk("created_by", "s.users", "user_id")
                    .build(),
            table("s.customers").pk("customer_id").build(),
            table("s.users").pk("user_id").build(),
            table("s.order_items")
                    .pk("item_id")
                    .fk("order_id", "s.orders", "order_id")
                    .build()));

    @Test
    void givenANeighbourInTheEvidenceSet_whenExpanded_thenItIsAdded() {
        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.3), graph, t -> true, SETTINGS);

        assertThat(expansion.added()).containsExactly(CUSTOMERS);
    }

    @Test
    void givenANeighbourNobodyRetrieved_whenExpanded_thenItIsBlocked() {
        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.3), graph, t -> true, SETTINGS);

        assertThat(expansion.candidates()).containsExactlyInAnyOrder(CUSTOMERS, USERS, ITEMS);
        assertThat(expansion.blocked()).containsExactlyInAnyOrder(USERS, ITEMS);
    }

    @Test
    void givenARetrievedNeighbourBelowTheEvidenceScore_whenExpanded_thenItIsBlocked() {
        // order_items references orders: a child, so the parent exception does not apply.
        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, ITEMS, 0.19), graph, t -> true, SETTINGS);

        assertThat(expansion.added()).isEmpty();
        assertThat(expansion.blocked()).contains(ITEMS);
    }

    @Test
    void givenAParentOfALeadingTableBelowTheEvidenceScore_whenExpanded_thenItIsAddedAnyway() {
        // orders leads and references customers: a rank in the evidence set is enough, whatever the score.
        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.05), graph, t -> true, SETTINGS);

        assertThat(expansion.added()).containsExactly(CUSTOMERS);
    }

    @Test
    void givenAParentOfATableBehindTheLeaders_whenExpanded_thenItNeedsTheEvidenceScore() {
        RetrievalSettings onlyTheFirstLeads =
                SETTINGS.withOverrides(Map.of(RetrievalSettings.FK_PARENTS_OF_TOP.key(), "1"));

        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(CUSTOMERS, ORDERS),
                ranking(CUSTOMERS, 0.7, ORDERS, 0.6, USERS, 0.05),
                graph,
                t -> true,
                onlyTheFirstLeads);

        assertThat(expansion.blocked()).contains(USERS);
    }

    @Test
    void givenAParentOfALeadingTableNobodyRetrieved_whenExpanded_thenItIsBlocked() {
        Expansion expansion =
                ForeignKeyExpansion.expand(List.of(ORDERS), ranking(ORDERS, 0.6), graph, t -> true, SETTINGS);

        assertThat(expansion.added()).isEmpty();
        assertThat(expansion.blocked()).contains(CUSTOMERS, USERS);
    }

    @Test
    void givenANeighbourRankedBelowTheEvidenceTopK_whenExpanded_thenItIsBlocked() {
        RetrievalSettings shortEvidence = SETTINGS.withOverrides(Map.of(RetrievalSettings.EVIDENCE_TOPK.key(), "1"));

        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.5), graph, t -> true, shortEvidence);

        assertThat(expansion.blocked()).contains(CUSTOMERS);
    }

    @Test
    void givenMoreQualifiedNeighboursThanAllowed_whenExpanded_thenTheBestRankedAreAddedAndTheRestCapped() {
        RetrievalSettings oneAddition = SETTINGS.withOverrides(Map.of(RetrievalSettings.FK_MAX_ADDED.key(), "1"));

        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, USERS, 0.4, CUSTOMERS, 0.3), graph, t -> true, oneAddition);

        assertThat(expansion.added()).containsExactly(USERS);
        assertThat(expansion.capped()).containsExactly(CUSTOMERS);
    }

    @Test
    void givenASelectionAtTheTableCap_whenExpanded_thenNothingIsAdded() {
        RetrievalSettings cap = SETTINGS.withOverrides(Map.of(RetrievalSettings.MAX_TABLES.key(), "1"));

        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.3), graph, t -> true, cap);

        assertThat(expansion.added()).isEmpty();
        assertThat(expansion.capped()).containsExactly(CUSTOMERS);
    }

    @Test
    void givenANeighbourOutOfScope_whenExpanded_thenItIsNoCandidate() {
        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.3), graph, t -> !t.equals(CUSTOMERS), SETTINGS);

        assertThat(expansion.candidates()).doesNotContain(CUSTOMERS);
    }

    @Test
    void givenACapThatBites_whenExpanded_thenTheMoreConfidentlyJoinedNeighbourGoesInFirst() {
        // payments scores a little higher, but only a weak inferred edge joins it; invoices' edge is trusted.
        TableName payments = name("s.payments");
        TableName invoices = name("s.invoices");
        ForeignKeyGraph inferred = ForeignKeyGraph.of(
                List.of(
                        table("s.orders").pk("order_id").build(),
                        table("s.payments").pk("payment_id").build(),
                        table("s.invoices").pk("invoice_id").build()),
                List.of(
                        inferredEdge("s.payments", ORDERS, RelationshipInference.ROLE_AND_TABLE),
                        inferredEdge("s.invoices", ORDERS, RelationshipInference.TABLE_AND_KEY)));
        RetrievalSettings oneAddition = SETTINGS.withOverrides(Map.of(RetrievalSettings.FK_MAX_ADDED.key(), "1"));

        Expansion expansion = ForeignKeyExpansion.expand(
                List.of(ORDERS),
                ranking(ORDERS, 0.6, payments, 0.30, invoices, 0.28),
                inferred,
                t -> true,
                oneAddition);

        assertThat(expansion.added()).containsExactly(invoices);
        assertThat(expansion.capped()).containsExactly(payments);
    }

    @Test
    void givenALeadingTablesParentByAWeakInferredEdge_whenExpanded_thenTheRankAloneIsNotEnough() {
        ForeignKeyGraph inferred = ForeignKeyGraph.of(
                List.of(
                        table("s.orders").pk("order_id").build(),
                        table("s.customers").pk("id").build()),
                List.of(new ForeignKeyEdge(
                        ORDERS, List.of("client"), CUSTOMERS, List.of("id"), EdgeSource.INFERRED, 0.65)));

        Expansion weak = ForeignKeyExpansion.expand(
                List.of(ORDERS), ranking(ORDERS, 0.6, CUSTOMERS, 0.05), inferred, t -> true, SETTINGS);

        assertThat(weak.added()).isEmpty();
    }

    private static ForeignKeyEdge inferredEdge(String from, TableName to, double confidence) {
        return new ForeignKeyEdge(
                name(from), List.of("order_id"), to, List.of("order_id"), EdgeSource.INFERRED, confidence);
    }

    private static List<RankedTable> ranking(Object... pairs) {
        List<RankedTable> ranked = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            ranked.add(new RankedTable((TableName) pairs[i], (Double) pairs[i + 1], i / 2 + 1, 0, 1.0 / (61 + i / 2)));
        }
        return ranked;
    }
}
