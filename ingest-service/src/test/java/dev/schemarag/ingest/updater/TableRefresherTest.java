package dev.schemarag.ingest.updater;

import static dev.schemarag.ingest.fakes.Tables.EMPLOYEES;
import static dev.schemarag.ingest.fakes.Tables.LEAVE_REQUESTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.retry.Backoff;
import dev.schemarag.core.retry.BudgetedRetry;
import dev.schemarag.core.retry.TransientFailures;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.changes.DdlEvent;
import dev.schemarag.ingest.changes.SchemaChangeMapper;
import dev.schemarag.ingest.fakes.InMemoryIntrospector;
import dev.schemarag.ingest.fakes.InMemorySchemaStore;
import dev.schemarag.ingest.fakes.Tables;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.sync.AccessSync;
import dev.schemarag.ingest.sync.RelationshipSync;
import dev.schemarag.ingest.sync.SchemaIndexer;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableRefresherTest {
    private static final RegisteredDatabase ERP =
            new RegisteredDatabase("erp", "jdbc:postgresql://db/erp", null, null, List.of("public"), null, null);

    private final FakeEmbeddingModel model = new FakeEmbeddingModel();
    private final InMemorySchemaStore store = new InMemorySchemaStore();
    private final InMemoryIntrospector target = new InMemoryIntrospector();
    private final Annotations notes = new Annotations(Map.of("employees", "HR"), Map.of(), Map.of());
    /** The waits of the outage retry, on a clock that only they advance. */
    private final List<Duration> waits = new ArrayList<>();

    private final long[] nanos = {0};
    private final DatabaseRegistry registry = new DatabaseRegistry(List.of(ERP));
    private final TableRefresher refresher = new TableRefresher(
            registry,
            db -> target,
            db -> notes,
            new SchemaIndexer(model, store, EmbeddingTexts.defaults()),
            new RelationshipSync(store),
            new AccessSync(store),
            EmbeddingTexts.defaults(),
            new BudgetedRetry(
                    new Backoff(Duration.ofMillis(500), Duration.ofSeconds(10)),
                    Integer.MAX_VALUE,
                    TransientFailures::isTransient,
                    () -> nanos[0],
                    d -> {
                        waits.add(d);
                        nanos[0] += d.toNanos();
                    }),
            Duration.ofSeconds(60));

    private static SchemaChanged change(String databaseId, String schema, String tag, String table, String previous) {
        return SchemaChangeMapper.toEvent(
                databaseId,
                new DdlEvent(1, tag, "table", schema, table, null, previous, null, "0/1", 1_700_000_000_000L));
    }

    private static SchemaChanged change(String tag, String table) {
        return change("erp", "public", tag, table, null);
    }

    @Test
    void aCreatedTableIsIndexedAndPublishedToTheCatalog() {
        target.with(Tables.employees(null));

        RefreshResult result = refresher.apply(change("CREATE TABLE", "employees"));

        assertThat(result).isInstanceOf(RefreshResult.Refreshed.class);
        assertThat(updates(result)).singleElement().satisfies(u -> {
            assertThat(u.key()).isEqualTo("erp.public.employees");
            assertThat(u.entry().getModule()).isEqualTo("HR");
            assertThat(u.entry().getColumns()).containsExactly("employee_id", "full_name");
            assertThat(u.entry().getCompactSchema()).contains("employees");
        });
        assertThat(store.entities("erp"))
                .containsKeys(EntityKey.table(EMPLOYEES), EntityKey.column(EMPLOYEES, "full_name"));
    }

    @Test
    void aRevokeRecordsWhatEachMappedRoleReadsAndPublishesTheTablesWhoseAccessChanged() {
        registry.replace(
                List.of(ERP.withPrincipals(new Principals(Map.of("hr", "hr_role", "sales", "sales_role"), null))));
        target.with(Tables.employees(null));
        target.access.put(
                EMPLOYEES,
                new TableAccess(
                        Map.of("hr_role", List.of("employee_id", "full_name"), "sales_role", List.of("employee_id")),
                        false,
                        List.of()));
        refresher.apply(change("CREATE TABLE", "employees"));
        assertThat(store.access("erp").get(EMPLOYEES).columns("sales_role")).containsExactly("employee_id");
        assertThat(store.principals.get("erp").roles()).containsEntry("sales", "sales_role");

        target.access.put(
                EMPLOYEES,
                new TableAccess(Map.of("hr_role", List.of("employee_id", "full_name")), true, List.of("own_company")));
        RefreshResult result = refresher.apply(SchemaChangeMapper.toEvent(
                "erp", new DdlEvent(2, "REVOKE", "privileges", "", "", null, null, null, "0/2", 1_700_000_000_000L)));

        assertThat(updates(result)).singleElement().satisfies(u -> {
            assertThat(u.key()).isEqualTo("erp.public.employees");
            assertThat(u.entry().getReaders())
                    .extracting(r -> r.getRole() + ":" + r.getColumns())
                    .containsExactly("hr_role:[employee_id, full_name]");
            assertThat(u.entry().getRowSecurity()).isTrue();
            assertThat(u.entry().getPolicies()).containsExactly("own_company");
        });
        assertThat(store.access("erp").get(EMPLOYEES).readableBy("sales_role")).isFalse();
        assertThat(updates(refresher.apply(SchemaChangeMapper.toEvent(
                        "erp",
                        new DdlEvent(3, "REVOKE", "privileges", "", "", null, null, null, "0/3", 1_700_000_000_000L)))))
                .as("nothing changed since: nothing to publish")
                .isEmpty();
    }

    @Test
    void replayingAChangeEmbedsNothingMore() {
        target.with(Tables.employees(null));
        refresher.apply(change("CREATE TABLE", "employees"));
        model.embedded.clear();

        RefreshResult replay = refresher.apply(change("CREATE TABLE", "employees"));

        assertThat(updates(replay)).hasSize(1);
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void aDroppedTableIsDeletedAndTombstoned() {
        target.with(Tables.employees(null));
        refresher.apply(change("CREATE TABLE", "employees"));
        target.tables.remove(EMPLOYEES);

        RefreshResult result = refresher.apply(change("DROP TABLE", "employees"));

        assertThat(updates(result)).containsExactly(new CatalogUpdate("erp.public.employees", null));
        assertThat(store.entities("erp")).isEmpty();
    }

    @Test
    void aRenameTombstonesTheOldNameAndPublishesTheNewOne() {
        target.with(Tables.employees(null));
        refresher.apply(change("CREATE TABLE", "employees"));
        target.tables.remove(EMPLOYEES);
        var staff = new TableName("public", "staff");
        var renamed = Tables.employees(null);
        target.with(new dev.schemarag.core.schema.Table(
                staff,
                false,
                renamed.comment(),
                renamed.columns(),
                renamed.primaryKey(),
                renamed.foreignKeys(),
                renamed.uniqueConstraints()));

        RefreshResult result = refresher.apply(change("erp", "public", "ALTER TABLE", "staff", "public.employees"));

        assertThat(updates(result))
                .extracting(CatalogUpdate::key)
                .containsExactly("erp.public.staff", "erp.public.employees");
        assertThat(updates(result).get(1).entry()).isNull();
        assertThat(store.entities("erp").keySet())
                .allSatisfy(k -> assertThat(k.table()).isEqualTo(staff));
    }

    @Test
    void theTablesAForeignKeyPointsAtAreRefreshedToo() {
        target.with(Tables.employees(null), Tables.leaveRequests("fk"));

        RefreshResult result = refresher.apply(change("CREATE TABLE", "leave_requests"));

        assertThat(updates(result))
                .extracting(CatalogUpdate::key)
                .containsExactly("erp.public.leave_requests", "erp.public.employees");
        assertThat(store.entities("erp")).containsKeys(EntityKey.table(LEAVE_REQUESTS), EntityKey.table(EMPLOYEES));
    }

    @Test
    void aDeclaredKeyIsPublishedAsADeclaredEdge() {
        target.with(Tables.employees(null), Tables.leaveRequests("fk"));

        RefreshResult result = refresher.apply(change("CREATE TABLE", "leave_requests"));

        assertThat(updates(result).get(0).entry().getRelationships())
                .singleElement()
                .satisfies(r -> {
                    assertThat(r.getColumns()).containsExactly("employee_id");
                    assertThat(r.getReferencedTable()).isEqualTo("employees");
                    assertThat(r.getSource()).isEqualTo("declared");
                    assertThat(r.getConfidence()).isEqualTo(1.0);
                });
        assertThat(store.relationships("erp")).isEmpty(); // declared keys live in the definitions
    }

    @Test
    void aNewParentTableGivesAnUndeclaredColumnAnInferredEdgeStoredAndPublishedWithItsTable() {
        target.with(leaveRequestsWithoutKey(true));
        RefreshResult before = refresher.apply(change("CREATE TABLE", "leave_requests"));
        assertThat(updates(before).get(0).entry().getRelationships()).isEmpty();
        target.with(Tables.employees(null));

        RefreshResult result = refresher.apply(change("CREATE TABLE", "employees"));

        ForeignKeyEdge inferred = new ForeignKeyEdge(
                LEAVE_REQUESTS, List.of("employee_id"), EMPLOYEES, List.of("employee_id"), EdgeSource.INFERRED, 0.9);
        assertThat(store.relationships("erp")).containsExactly(inferred);
        assertThat(updates(result))
                .extracting(CatalogUpdate::key)
                .containsExactly("erp.public.employees", "erp.public.leave_requests");
        assertThat(updates(result).get(1).entry().getRelationships())
                .singleElement()
                .satisfies(r -> {
                    assertThat(r.getReferencedTable()).isEqualTo("employees");
                    assertThat(r.getReferencedColumns()).containsExactly("employee_id");
                    assertThat(r.getSource()).isEqualTo("inferred");
                    assertThat(r.getConfidence()).isEqualTo(0.9);
                });
    }

    @Test
    void aDroppedColumnTakesItsInferredEdgeAlong() {
        target.with(Tables.employees(null), leaveRequestsWithoutKey(true));
        refresher.apply(change("CREATE TABLE", "employees"));
        refresher.apply(change("CREATE TABLE", "leave_requests"));
        assertThat(store.relationships("erp")).hasSize(1);
        target.with(leaveRequestsWithoutKey(false));

        RefreshResult result = refresher.apply(change("ALTER TABLE", "leave_requests"));

        assertThat(store.relationships("erp")).isEmpty();
        assertThat(updates(result)).extracting(CatalogUpdate::key).containsExactly("erp.public.leave_requests");
        assertThat(updates(result).get(0).entry().getRelationships()).isEmpty();
    }

    @Test
    void aGrantEmbedsNothingRecomputesNoEdgeAndPublishesTheTableWithItsStoredEdges() {
        registry.replace(List.of(ERP.withPrincipals(new Principals(Map.of("hr", "hr_role"), null))));
        target.with(Tables.employees(null), leaveRequestsWithoutKey(true));
        refresher.apply(change("CREATE TABLE", "employees"));
        refresher.apply(change("CREATE TABLE", "leave_requests"));
        model.embedded.clear();
        int replacements = store.relationshipReplacements;
        target.access.put(LEAVE_REQUESTS, new TableAccess(Map.of("hr_role", List.of("leave_id")), false, List.of()));

        RefreshResult result = refresher.apply(SchemaChangeMapper.toEvent(
                "erp", new DdlEvent(2, "GRANT", "privileges", "", "", null, null, null, "0/2", 1_700_000_000_000L)));

        assertThat(model.embedded).as("re-embedded texts").isEmpty();
        assertThat(store.relationshipReplacements).as("edge recomputations").isEqualTo(replacements);
        assertThat(updates(result)).singleElement().satisfies(u -> {
            assertThat(u.key()).isEqualTo("erp.public.leave_requests");
            assertThat(u.entry().getReaders())
                    .extracting(r -> r.getRole() + ":" + r.getColumns())
                    .containsExactly("hr_role:[leave_id]");
            assertThat(u.entry().getRelationships())
                    .as("the inferred edge stored by the CREATE")
                    .extracting(r -> r.getReferencedTable() + "." + r.getReferencedColumns() + ":" + r.getSource())
                    .containsExactly("employees.[employee_id]:inferred");
            assertThat(u.entry().getColumns()).containsExactly("leave_id", "employee_id");
        });
    }

    private static Table leaveRequestsWithoutKey(boolean withEmployeeColumn) {
        List<Column> columns = new ArrayList<>(List.of(new Column("leave_id", "bigint", false, null, null)));
        if (withEmployeeColumn) columns.add(new Column("employee_id", "bigint", false, null, null));
        return new Table(LEAVE_REQUESTS, false, null, columns, List.of("leave_id"), List.of(), List.of());
    }

    @Test
    void aChangeInASchemaThatIsNotIndexedChangesNothing() {
        RefreshResult result = refresher.apply(change("erp", "audit", "CREATE TABLE", "log", null));

        assertThat(result).isInstanceOf(RefreshResult.Refreshed.class);
        assertThat(updates(result)).isEmpty();
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void aChangeWithoutATableIsMalformed() {
        RefreshResult result = refresher.apply(change("erp", "public", "CREATE TABLE", " ", null));

        assertThat(failed(result).errorClass().wireName()).isEqualTo("malformed_event");
    }

    @Test
    void aChangeOfAnUnregisteredDatabaseFailsNamingIt() {
        RefreshResult result = refresher.apply(change("crm", "public", "CREATE TABLE", "t", null));

        assertThat(failed(result).errorClass().wireName()).isEqualTo("unknown_database");
        assertThat(failed(result).message()).contains("'crm'");
    }

    @Test
    void anUnreadableTargetIsAnInfraFailure() {
        target.failWith = new IntrospectionException("connection refused", null);

        RefreshResult result = refresher.apply(change("CREATE TABLE", "employees"));

        assertThat(failed(result).errorClass().wireName()).isEqualTo("infra_failure");
        assertThat(updates(result)).isEmpty();
    }

    @Test
    void aStoreThatStaysDownIsAnInfraFailureOnceTheRetryBudgetIsSpent() {
        target.with(Tables.employees(null));
        store.failWith = new SQLException("store down", "08006");

        assertThat(failed(refresher.apply(change("CREATE TABLE", "employees")))
                        .errorClass()
                        .wireName())
                .isEqualTo("infra_failure");
        assertThat(waits).hasSizeGreaterThan(3);
        assertThat(waits.stream().mapToLong(Duration::toMillis).sum()).isLessThanOrEqualTo(60_000);
    }

    @Test
    void aStoreOutageThatEndsWithinTheBudgetIsRetriedAndTheChangeApplied() {
        target.with(Tables.employees(null));
        store.failWith = new SQLException("the database system is shutting down", "57P01");
        store.failures = 2;

        RefreshResult result = refresher.apply(change("CREATE TABLE", "employees"));

        assertThat(updates(result)).extracting(CatalogUpdate::key).containsExactly("erp.public.employees");
        assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1));
        assertThat(store.entities("erp")).containsKey(EntityKey.table(EMPLOYEES));
    }

    @Test
    void aPermanentStoreFailureIsNotRetried() {
        target.with(Tables.employees(null));
        store.failWith = new SQLException("permission denied for table schema_embeddings", "42501");

        assertThat(failed(refresher.apply(change("CREATE TABLE", "employees")))
                        .errorClass()
                        .wireName())
                .isEqualTo("infra_failure");
        assertThat(waits).isEmpty();
    }

    private static List<CatalogUpdate> updates(RefreshResult result) {
        return result instanceof RefreshResult.Refreshed refreshed ? refreshed.updates() : List.of();
    }

    private static RefreshResult.Failed failed(RefreshResult result) {
        assertThat(result).isInstanceOf(RefreshResult.Failed.class);
        return (RefreshResult.Failed) result;
    }
}
