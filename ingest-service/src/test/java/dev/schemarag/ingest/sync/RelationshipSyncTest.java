package dev.schemarag.ingest.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.relationships.DataCheck;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.ingest.fakes.InMemorySchemaStore;
import dev.schemarag.ingest.introspect.EdgeSampler;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RelationshipSyncTest {
    private static final TableName ORDERS = new TableName("s", "orders");
    private static final TableName PAYMENTS = new TableName("s", "payments");

    private final InMemorySchemaStore store = new InMemorySchemaStore();
    private final List<ForeignKeyEdge> sampled = new ArrayList<>();

    @BeforeEach
    void storeTables() throws Exception {
        FakeEmbeddingModel model = new FakeEmbeddingModel();
        List<Table> tables = List.of(
                table(new TableName("s", "customers"), "customer_id"),
                table(ORDERS, "order_id", "customer_id"),
                table(PAYMENTS, "payment_id", "order_id"));
        new SchemaIndexer(model, store, EmbeddingTexts.defaults())
                .index("db", tables, null, Annotations.empty(), SyncProgress.NONE);
    }

    @Test
    void givenNoDataCheck_whenRefreshed_thenEveryInferredEdgeIsStoredAsInferred() throws Exception {
        RelationshipSync.Outcome outcome = new RelationshipSync(store).refresh("db", null);

        assertThat(outcome.changed()).containsExactlyInAnyOrder(ORDERS, PAYMENTS);
        assertThat(store.relationships("db"))
                .extracting(ForeignKeyEdge::confidence)
                .containsOnly(0.9);
    }

    @Test
    void givenADataCheck_whenRefreshed_thenARefutedEdgeIsLeftOutAndAHoldingOneGainsConfidence() throws Exception {
        EdgeSampler sampler = edge -> {
            sampled.add(edge);
            return Optional.of(new DataCheck.Sample(200, edge.from().equals(PAYMENTS) ? 3 : 0));
        };

        new RelationshipSync(store, databaseId -> sampler).refresh("db", Set.of("s"));

        assertThat(sampled).hasSize(2);
        assertThat(store.relationships("db")).singleElement().satisfies(e -> {
            assertThat(e.from()).isEqualTo(ORDERS);
            assertThat(e.confidence()).isGreaterThan(0.9);
        });
    }

    @Test
    void givenASampleThatCannotBeTaken_whenRefreshed_thenTheEdgeStaysAsInferred() throws Exception {
        new RelationshipSync(store, databaseId -> edge -> Optional.empty()).refresh("db", null);

        assertThat(store.relationships("db"))
                .hasSize(2)
                .extracting(ForeignKeyEdge::confidence)
                .containsOnly(0.9);
    }

    private static Table table(TableName name, String key, String... references) {
        List<Column> columns = new ArrayList<>(List.of(new Column(key, "bigint", false, null, null)));
        for (String reference : references) columns.add(new Column(reference, "bigint", true, null, null));
        return new Table(name, false, null, columns, List.of(key), List.of(), List.of());
    }
}
