package dev.schemarag.ingest.sync;

import static dev.schemarag.ingest.fakes.Tables.EMPLOYEES;
import static dev.schemarag.ingest.fakes.Tables.LEAVE_REQUESTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.ingest.fakes.InMemorySchemaStore;
import dev.schemarag.ingest.fakes.Tables;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SchemaIndexerTest {
    private final FakeEmbeddingModel model = new FakeEmbeddingModel();
    private final InMemorySchemaStore store = new InMemorySchemaStore();
    private final SchemaIndexer indexer = new SchemaIndexer(model, store, EmbeddingTexts.defaults());

    private SchemaIndexer.Outcome index(Set<TableName> scope, dev.schemarag.core.schema.Table... tables)
            throws SchemaStoreException {
        return indexer.index("erp", List.of(tables), scope, Annotations.empty(), SyncProgress.NONE);
    }

    @Test
    void aWideTableIsEmbeddedAndStoredBatchAfterBatchAndAFailedWriteFailsTheIndex() throws SchemaStoreException {
        TableName wide = new TableName("public", "wide");
        SchemaIndexer.Outcome outcome = index(null, Tables.wide(wide, 200));

        assertThat(outcome.embedded()).isEqualTo(201);
        assertThat(store.entities("erp")).hasSize(201).containsKey(EntityKey.column(wide, "c199"));

        // The store fails once the first batch of another table is embedded, when it is to be written.
        TableName other = new TableName("public", "other");
        EmbeddingModel failingAfterEmbedding = new EmbeddingModel() {
            @Override
            public String modelId() {
                return model.modelId();
            }

            @Override
            public int dimension() {
                return model.dimension();
            }

            @Override
            public float[] embed(String text) {
                return model.embed(text);
            }

            @Override
            public List<float[]> embedAll(List<String> texts) {
                store.failWith = new SQLException("the store went away", "08006");
                return model.embedAll(texts);
            }
        };
        SchemaIndexer failing = new SchemaIndexer(failingAfterEmbedding, store, EmbeddingTexts.defaults());
        assertThatThrownBy(() -> failing.index(
                        "erp", List.of(Tables.wide(other, 100)), Set.of(other), Annotations.empty(), SyncProgress.NONE))
                .isInstanceOf(SchemaStoreException.class)
                .hasMessageContaining("the store went away");
    }

    @Test
    void firstIndexEmbedsEveryTableAndColumnOnce() throws SchemaStoreException {
        SchemaIndexer.Outcome outcome = index(null, Tables.employees(null), Tables.leaveRequests("fk"));

        assertThat(outcome).isEqualTo(new SchemaIndexer.Outcome(7, 0, 0, Set.of()));
        assertThat(model.embedded).hasSize(7);
        assertThat(store.entities("erp"))
                .containsKeys(
                        EntityKey.table(EMPLOYEES),
                        EntityKey.column(EMPLOYEES, "full_name"),
                        EntityKey.table(LEAVE_REQUESTS),
                        EntityKey.column(LEAVE_REQUESTS, "starts_on"));
    }

    @Test
    void theTablesOfADateFamilyAreEmbeddedOnceAndStoredEach() throws SchemaStoreException {
        TableName monday = new TableName("public", "employees_20240101");
        TableName tuesday = new TableName("public", "employees_20240102");

        SchemaIndexer.Outcome outcome =
                index(null, renamed(Tables.employees(null), monday), renamed(Tables.employees(null), tuesday));

        assertThat(outcome.embedded()).isEqualTo(6);
        assertThat(model.embedded).hasSize(3).doesNotHaveDuplicates();
        assertThat(store.entities("erp")
                        .get(EntityKey.column(tuesday, "full_name"))
                        .embedding())
                .isEqualTo(store.entities("erp")
                        .get(EntityKey.column(monday, "full_name"))
                        .embedding());
        assertThat(store.entities("erp")
                        .get(EntityKey.column(tuesday, "full_name"))
                        .stableText())
                .contains("employees_20240102");
    }

    private static dev.schemarag.core.schema.Table renamed(dev.schemarag.core.schema.Table table, TableName name) {
        return new dev.schemarag.core.schema.Table(
                name,
                table.view(),
                table.comment(),
                table.columns(),
                table.primaryKey(),
                table.foreignKeys(),
                table.uniqueConstraints());
    }

    @Test
    void aSecondIndexOfTheSameTablesEmbedsNothing() throws SchemaStoreException {
        index(null, Tables.employees(null), Tables.leaveRequests("fk"));
        model.embedded.clear();

        SchemaIndexer.Outcome outcome = index(null, Tables.employees(null), Tables.leaveRequests("fk"));

        assertThat(outcome).isEqualTo(new SchemaIndexer.Outcome(0, 7, 0, Set.of()));
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void aChangedColumnCommentReEmbedsThatColumnButNotItsSiblings() throws SchemaStoreException {
        index(null, Tables.employees(null));
        model.embedded.clear();

        SchemaIndexer.Outcome outcome = index(null, Tables.employees("Given and family name"));

        assertThat(model.embedded)
                .anySatisfy(t -> assertThat(t).contains("Given and family name"))
                .noneSatisfy(t -> assertThat(t).contains("employee_id").doesNotContain("full_name"));
        assertThat(outcome.embedded() + outcome.unchanged()).isEqualTo(3);
        assertThat(outcome.unchanged()).isPositive();
    }

    @Test
    void aRenamedConstraintUpdatesTheStoredDefinitionWithoutEmbedding() throws SchemaStoreException {
        index(null, Tables.employees(null), Tables.leaveRequests("leave_fk"));
        model.embedded.clear();

        index(null, Tables.employees(null), Tables.leaveRequests("leave_employee_fk"));

        assertThat(model.embedded).isEmpty();
        assertThat(store.entities("erp").get(EntityKey.table(LEAVE_REQUESTS)).definitionJson())
                .contains("leave_employee_fk");
    }

    @Test
    void aFullIndexDeletesTablesThatAreGoneAndNamesThem() throws SchemaStoreException {
        index(null, Tables.employees(null), Tables.leaveRequests("fk"));

        SchemaIndexer.Outcome outcome = index(null, Tables.employees(null));

        assertThat(outcome.deleted()).isEqualTo(4);
        assertThat(outcome.removedTables()).containsExactly(LEAVE_REQUESTS);
        assertThat(store.entities("erp").keySet())
                .allSatisfy(k -> assertThat(k.table()).isEqualTo(EMPLOYEES));
    }

    @Test
    void aScopedIndexLeavesTablesOutsideItsScopeAlone() throws SchemaStoreException {
        index(null, Tables.employees(null), Tables.leaveRequests("fk"));

        SchemaIndexer.Outcome outcome = index(Set.of(EMPLOYEES), Tables.employees(null));

        assertThat(outcome.deleted()).isZero();
        assertThat(store.entities("erp")).containsKey(EntityKey.table(LEAVE_REQUESTS));
    }

    @Test
    void aDroppedColumnIsDeletedButItsTableIsNotReportedRemoved() throws SchemaStoreException {
        index(null, Tables.wide(EMPLOYEES, 3));

        SchemaIndexer.Outcome outcome = index(Set.of(EMPLOYEES), Tables.wide(EMPLOYEES, 2));

        assertThat(outcome.deleted()).isEqualTo(1);
        assertThat(outcome.removedTables()).isEmpty();
        assertThat(store.entities("erp")).doesNotContainKey(EntityKey.column(EMPLOYEES, "c2"));
    }

    @Test
    void anotherModelReEmbedsEverything() throws SchemaStoreException {
        index(null, Tables.employees(null));
        FakeEmbeddingModel other = new FakeEmbeddingModel("other-8");

        SchemaIndexer.Outcome outcome = new SchemaIndexer(other, store, EmbeddingTexts.defaults())
                .index("erp", List.of(Tables.employees(null)), null, Annotations.empty(), SyncProgress.NONE);

        assertThat(outcome.embedded()).isEqualTo(3);
    }

    @Test
    void embedsInBatchesAndReportsProgressAfterEach() throws SchemaStoreException {
        List<String> progress = new ArrayList<>();

        SchemaIndexer.Outcome outcome = indexer.index(
                "erp",
                List.of(Tables.wide(EMPLOYEES, 99)),
                null,
                Annotations.empty(),
                (done, total) -> progress.add(done + "/" + total));

        assertThat(outcome.embedded()).isEqualTo(100);
        assertThat(progress).containsExactly("64/100", "100/100");
    }

    @Test
    void databasesAreKeptApart() throws SchemaStoreException {
        index(null, Tables.employees(null));

        indexer.index("crm", List.of(), null, Annotations.empty(), SyncProgress.NONE);

        assertThat(store.entities("erp")).hasSize(3);
    }
}
