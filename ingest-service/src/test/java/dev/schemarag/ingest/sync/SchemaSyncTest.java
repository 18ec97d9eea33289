package dev.schemarag.ingest.sync;

import static dev.schemarag.ingest.fakes.Tables.EMPLOYEES;
import static dev.schemarag.ingest.fakes.Tables.LEAVE_REQUESTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.annotations.RelationshipNote;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.StoredDocChunk;
import dev.schemarag.ingest.docs.ChunkKind;
import dev.schemarag.ingest.docs.DocChunk;
import dev.schemarag.ingest.fakes.InMemoryIntrospector;
import dev.schemarag.ingest.fakes.InMemorySchemaStore;
import dev.schemarag.ingest.fakes.Tables;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchemaSyncTest {
    private static final RegisteredDatabase ERP =
            new RegisteredDatabase("erp", "jdbc:postgresql://db/erp", null, null, List.of("public"), null, null);

    private final FakeEmbeddingModel model = new FakeEmbeddingModel();
    private final InMemorySchemaStore store = new InMemorySchemaStore();
    private final InMemoryIntrospector target =
            new InMemoryIntrospector().with(Tables.employees(null), Tables.leaveRequests("fk"));
    private final SchemaSync sync = new SchemaSync(
            new SchemaIndexer(model, store, EmbeddingTexts.defaults()),
            new RelationshipSync(store),
            new AccessSync(store),
            model,
            store);

    private static DocChunk doc(TableName table, int index, String content) {
        return new DocChunk(
                table, Optional.empty(), ChunkKind.OVERVIEW, index, content, List.of(), List.of(), 3, Optional.empty());
    }

    private SyncSummary run(List<DocChunk> docs) throws IntrospectionException, SchemaStoreException {
        return sync.sync(ERP, target, Annotations.empty(), docs, SyncProgress.NONE);
    }

    @Test
    void aFirstSyncIndexesEveryTableAndItsDocs() throws Exception {
        SyncSummary summary = run(List.of(doc(EMPLOYEES, 0, "Everyone on the payroll.")));

        assertThat(summary.tables()).isEqualTo(2);
        assertThat(summary.embedded()).isEqualTo(7);
        assertThat(summary.unchanged()).isZero();
        assertThat(summary.docChunks()).isEqualTo(1);
        assertThat(store.docs("erp")).containsOnlyKeys(StoredDocChunk.key(EMPLOYEES, "overview", 0));
        assertThat(model.embedded).contains("Everyone on the payroll.");
    }

    @Test
    void aSyncStoresTheAnnotatedEdgesAndOneWithoutTheAnnotationRemovesThem() throws Exception {
        // A leave request's own id standing for the employee who approved it: only an annotation can say so.
        Annotations approver = new Annotations(
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(new RelationshipNote("leave_requests.leave_id", "employees.employee_id", false)));

        sync.sync(ERP, target, approver, List.of(), SyncProgress.NONE);

        assertThat(store.relationships("erp"))
                .containsExactly(new ForeignKeyEdge(
                        LEAVE_REQUESTS,
                        List.of("leave_id"),
                        EMPLOYEES,
                        List.of("employee_id"),
                        EdgeSource.ANNOTATED,
                        EdgeSource.ANNOTATED_CONFIDENCE));

        run(List.of());

        assertThat(store.relationships("erp")).isEmpty();
    }

    @Test
    void aSyncRecordsTheDialectOfTheRegistrationsUrlForItsPackets() throws Exception {
        sync.sync(ERP, target, Annotations.empty(), List.of(), SyncProgress.NONE);
        RegisteredDatabase maria = new RegisteredDatabase(
                "erp_maria", "jdbc:mariadb://db:3306/erp_maria", null, null, List.of("erp_maria"), null, null);
        sync.sync(maria, target, Annotations.empty(), List.of(), SyncProgress.NONE);

        assertThat(store.dialects)
                .containsEntry("erp", SqlDialect.POSTGRESQL)
                .containsEntry("erp_maria", SqlDialect.MARIADB);
    }

    @Test
    void aSecondSyncWithNothingChangedEmbedsNothing() throws Exception {
        List<DocChunk> docs = List.of(doc(EMPLOYEES, 0, "Everyone on the payroll."));
        run(docs);
        model.embedded.clear();

        SyncSummary summary = run(docs);

        assertThat(summary.embedded()).isZero();
        assertThat(summary.unchanged()).isEqualTo(7);
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void onlyTheChangedDocChunkIsEmbeddedAndARemovedOneIsDeleted() throws Exception {
        run(List.of(doc(EMPLOYEES, 0, "Everyone on the payroll."), doc(EMPLOYEES, 1, "Contractors are excluded.")));
        model.embedded.clear();

        run(List.of(doc(EMPLOYEES, 0, "Everyone on the payroll, past and present.")));

        assertThat(model.embedded).containsExactly("Everyone on the payroll, past and present.");
        assertThat(store.docs("erp")).containsOnlyKeys(StoredDocChunk.key(EMPLOYEES, "overview", 0));
    }

    @Test
    void docsOfTablesThatDoNotExistAreNotStored() throws Exception {
        SyncSummary summary = run(List.of(doc(new TableName("public", "ghosts"), 0, "Not a table.")));

        assertThat(summary.docChunks()).isZero();
        assertThat(store.docs("erp")).isEmpty();
    }

    @Test
    void aDroppedTableIsDeletedWithItsDocs() throws Exception {
        run(List.of(doc(Tables.LEAVE_REQUESTS, 0, "Leave.")));
        target.tables.remove(Tables.LEAVE_REQUESTS);

        SyncSummary summary = run(List.of(doc(Tables.LEAVE_REQUESTS, 0, "Leave.")));

        assertThat(summary.deleted()).isEqualTo(4);
        assertThat(store.docs("erp")).isEmpty();
        assertThat(store.entities("erp")).hasSize(3);
    }

    @Test
    void onlyTheRegisteredSchemasAreIndexed() throws Exception {
        target.with(Tables.wide(new TableName("audit", "log"), 2));

        assertThat(run(List.of()).tables()).isEqualTo(2);
    }
}
