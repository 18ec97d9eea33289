package dev.schemarag.retrieval.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InMemoryVectorIndexTest {
    private static final float[] QUERY = {1, 0};
    private static final TableName ORDERS = new TableName("sales", "orders");
    private static final TableName EMPLOYEES = new TableName("hr", "employees");

    private final Store store = new Store();
    private final InMemoryVectorIndex index = new InMemoryVectorIndex(store, store);

    @Test
    void givenAStoredCatalog_whenSearched_thenTablesColumnsAndDocsComeFromVectorsLoadedOnce() {
        index.version("erp");

        List<TableHit> tables = index.searchTables("erp", Set.of(), QUERY, 5);
        List<ColumnHit> columns = index.searchColumns("erp", Set.of("hr"), QUERY, 5);
        List<DocHit> docs = index.searchDocs("erp", Set.of(), QUERY, 1);
        index.searchTables("erp", Set.of(), QUERY, 5);

        assertThat(tables).extracting(TableHit::table).containsExactly(ORDERS, EMPLOYEES);
        assertThat(columns)
                .extracting(ColumnHit::column, ColumnHit::generic)
                .containsExactly(tuple("employee_id", true));
        assertThat(docs).extracting(h -> h.chunk().content()).containsExactly("Orders placed by customers.");
        assertThat(store.loads).isEqualTo(1);
    }

    @Test
    void givenANewCatalogVersion_whenTheVersionIsChecked_thenTheNextSearchReloadsTheVectors() {
        index.version("erp");
        index.searchTables("erp", Set.of(), QUERY, 5);
        store.vectors = new DatabaseVectors(List.of(table(EMPLOYEES, 1, 0), table(ORDERS, 0, 1)), List.of(), List.of());
        store.version = "2";

        assertThat(index.searchTables("erp", Set.of(), QUERY, 5))
                .extracting(TableHit::table)
                .containsExactly(ORDERS, EMPLOYEES);
        assertThat(index.version("erp")).contains("2");
        assertThat(index.searchTables("erp", Set.of(), QUERY, 5))
                .extracting(TableHit::table)
                .containsExactly(EMPLOYEES, ORDERS);
        assertThat(store.loads).isEqualTo(2);
    }

    @Test
    void givenAChangeFeed_whenTheVersionChanges_thenOnlyTheChangedTablesAreReadAndSearchesMatchAFullLoad() {
        TableName invoices = new TableName("finance", "invoices");
        index.version("erp");
        index.searchTables("erp", Set.of(), QUERY, 5);
        // employees dropped, orders re-embedded, invoices new
        store.changes = new VectorChanges(
                "2",
                Set.of(EMPLOYEES, ORDERS, invoices),
                new DatabaseVectors(
                        List.of(table(ORDERS, 0.2f, 1), table(invoices, 1, 0.3f)),
                        List.of(
                                new Embedded<>(
                                        new DatabaseVectors.Column(invoices, "invoice_id", true), new float[] {1, 0}),
                                new Embedded<>(
                                        new DatabaseVectors.Column(ORDERS, "order_id", true), new float[] {0, 1})),
                        List.of(new Embedded<>(
                                new DocChunk(ORDERS, "", DocKind.OVERVIEW, "Orders, now with shipping."),
                                new float[] {1, 0}))));
        store.version = "2";
        index.version("erp");

        List<TableHit> tables = index.searchTables("erp", Set.of(), QUERY, 5);
        List<ColumnHit> columns = index.searchColumns("erp", Set.of(), QUERY, 5);
        List<DocHit> docs = index.searchDocs("erp", Set.of(), QUERY, 5);

        assertThat(tables).extracting(TableHit::table).containsExactly(invoices, ORDERS);
        assertThat(columns).extracting(ColumnHit::table).containsExactly(invoices, ORDERS);
        assertThat(docs).extracting(h -> h.chunk().content()).containsExactly("Orders, now with shipping.");
        assertThat(store.loads).isEqualTo(1);
        assertThat(store.changeReads).isEqualTo(1);

        Store fresh = new Store();
        fresh.version = "2";
        fresh.vectors = store.vectors.withChanges(store.changes);
        InMemoryVectorIndex full = new InMemoryVectorIndex(fresh, fresh);
        assertThat(full.searchTables("erp", Set.of(), QUERY, 5)).isEqualTo(tables);
        assertThat(full.searchColumns("erp", Set.of(), QUERY, 5)).isEqualTo(columns);
        assertThat(full.searchDocs("erp", Set.of(), QUERY, 5)).isEqualTo(docs);
    }

    @Test
    void givenFollowedVectors_whenTheVersionChanges_thenSearchesKeepTheHeldVectorsUntilPrepared() {
        index.prepare("erp");
        index.follow();
        store.vectors = new DatabaseVectors(List.of(table(EMPLOYEES, 1, 0), table(ORDERS, 0, 1)), List.of(), List.of());
        store.version = "2";
        index.version("erp");
        int checks = store.versionChecks;

        assertThat(index.searchTables("erp", Set.of(), QUERY, 5))
                .extracting(TableHit::table)
                .containsExactly(ORDERS, EMPLOYEES);
        assertThat(store.versionChecks).isEqualTo(checks);

        index.prepare("erp");

        assertThat(index.searchTables("erp", Set.of(), QUERY, 5))
                .extracting(TableHit::table)
                .containsExactly(EMPLOYEES, ORDERS);
        assertThat(store.loads).isEqualTo(2);
    }

    @Test
    void givenNoVersionCheckYet_whenSearched_thenTheVersionIsAskedBeforeLoading() {
        assertThat(index.searchTables("erp", Set.of(), QUERY, 1))
                .extracting(TableHit::table)
                .containsExactly(ORDERS);
        assertThat(store.versionChecks).isEqualTo(1);
    }

    @Test
    void givenAnUnregisteredDatabase_whenSearched_thenNothingIsFoundAndNothingLoaded() {
        store.version = null;

        assertThat(index.version("erp")).isEmpty();
        assertThat(index.searchTables("erp", Set.of(), QUERY, 5)).isEmpty();
        assertThat(index.searchDocs("erp", Set.of(), QUERY, 5)).isEmpty();
        assertThat(store.loads).isZero();
    }

    @Test
    void givenTheStoreIsDown_whenSearched_thenTheVectorsLoadedLastStillAnswer() {
        index.version("erp");
        index.searchTables("erp", Set.of(), QUERY, 5);
        store.down = true;

        assertThatThrownBy(() -> index.version("erp")).isInstanceOf(IllegalStateException.class);
        assertThat(index.searchTables("erp", Set.of("sales"), QUERY, 5))
                .extracting(TableHit::table)
                .containsExactly(ORDERS);
    }

    private static Embedded<TableName> table(TableName name, float... vector) {
        return new Embedded<>(name, vector);
    }

    /** A store holding one database, "erp"; its own searches must never be used. */
    private static final class Store implements SchemaIndex, VectorSource {
        String version = "1";
        DatabaseVectors vectors = new DatabaseVectors(
                List.of(table(ORDERS, 1, 0.1f), table(EMPLOYEES, 0.1f, 1)),
                List.of(
                        new Embedded<>(
                                new DatabaseVectors.Column(EMPLOYEES, "employee_id", true), new float[] {1, 0.5f}),
                        new Embedded<>(new DatabaseVectors.Column(ORDERS, "order_id", true), new float[] {1, 0})),
                List.of(
                        new Embedded<>(
                                new DocChunk(ORDERS, "", DocKind.OVERVIEW, "Orders placed by customers."),
                                new float[] {1, 0}),
                        new Embedded<>(new DocChunk(EMPLOYEES, "", DocKind.OVERVIEW, "Staff."), new float[] {0, 1})));
        VectorChanges changes;
        boolean down;
        int loads;
        int changeReads;
        int versionChecks;

        @Override
        public Optional<String> version(String databaseId) {
            if (down) throw new IllegalStateException("store down");
            versionChecks++;
            return databaseId.equals("erp") ? Optional.ofNullable(version) : Optional.empty();
        }

        @Override
        public DatabaseVectors vectors(String databaseId) {
            if (down) throw new IllegalStateException("store down");
            loads++;
            return vectors;
        }

        @Override
        public Optional<VectorChanges> vectorChangesSince(String databaseId, String version) {
            if (down) throw new IllegalStateException("store down");
            if (changes == null) return Optional.empty();
            changeReads++;
            return Optional.of(changes);
        }

        @Override
        public Optional<IndexedDatabase> load(String databaseId) {
            throw new AssertionError("not needed by searches");
        }

        @Override
        public List<String> databases() {
            return List.of("erp");
        }

        @Override
        public List<TableHit> searchTables(String databaseId, Set<String> schemas, float[] query, int topK) {
            throw new AssertionError("searched the store");
        }

        @Override
        public List<ColumnHit> searchColumns(String databaseId, Set<String> schemas, float[] query, int topK) {
            throw new AssertionError("searched the store");
        }

        @Override
        public List<DocHit> searchDocs(String databaseId, Set<String> schemas, float[] query, int topK) {
            throw new AssertionError("searched the store");
        }
    }
}
