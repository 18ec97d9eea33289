package dev.schemarag.ingest.updater;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.retry.BudgetedRetry;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.events.CatalogReader;
import dev.schemarag.events.CatalogRelationship;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.changes.SchemaChangeMapper;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import dev.schemarag.ingest.sync.AccessSync;
import dev.schemarag.ingest.sync.RelationshipSync;
import dev.schemarag.ingest.sync.SchemaIndexer;
import dev.schemarag.ingest.sync.SchemaStoreException;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.text.EmbeddingTexts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one {@link SchemaChanged} event: re-introspects the affected table (and the old name of a renamed one,
 * and the tables its foreign keys point at, whose texts may mention it), re-embeds only what changed, deletes what
 * is gone, recomputes the join edges of the schemas involved, and says what the schema.catalog topic should now hold:
 * the refreshed tables, and any other table whose edges changed (a new {@code customers} table gives {@code
 * orders.customer_id} an edge) or whose recorded access changed. A GRANT, REVOKE or policy change re-reads only what the
 * mapped roles may read ({@link AccessSync}). Idempotent: replaying a change changes nothing,
 * which is also what lets an outage of the target or the store be retried whole, within the retry's budget.
 */
public final class TableRefresher {
    private static final Logger log = LoggerFactory.getLogger(TableRefresher.class);

    private final DatabaseRegistry databases;
    private final Function<RegisteredDatabase, SchemaIntrospector> introspectors;
    private final Function<RegisteredDatabase, Annotations> annotations;
    private final SchemaIndexer indexer;
    private final RelationshipSync relationships;
    private final AccessSync access;
    private final EmbeddingTexts texts;
    private final BudgetedRetry outages;
    private final Duration outageBudget;

    public TableRefresher(
            DatabaseRegistry databases,
            Function<RegisteredDatabase, SchemaIntrospector> introspectors,
            Function<RegisteredDatabase, Annotations> annotations,
            SchemaIndexer indexer,
            RelationshipSync relationships,
            AccessSync access,
            EmbeddingTexts texts,
            BudgetedRetry outages,
            Duration outageBudget) {
        this.databases = databases;
        this.introspectors = introspectors;
        this.annotations = annotations;
        this.indexer = indexer;
        this.relationships = relationships;
        this.access = access;
        this.texts = texts;
        this.outages = outages;
        this.outageBudget = outageBudget;
    }

    public RefreshResult apply(SchemaChanged change) {
        boolean accessOnly = SchemaChangeMapper.changesAccess(change.getCommandTag());
        if (blank(change.getDatabaseId()) || (!accessOnly && (blank(change.getSchema$()) || blank(change.getTable()))))
            return new RefreshResult.Failed(
                    ErrorClass.MALFORMED_EVENT, "schema change without database, schema or table: " + change);
        Optional<RegisteredDatabase> db = databases.find(change.getDatabaseId());
        if (db.isEmpty())
            return new RefreshResult.Failed(
                    ErrorClass.UNKNOWN_DATABASE, "schema change for unknown database '" + change.getDatabaseId() + "'");
        if (!accessOnly && !db.get().schemas().contains(change.getSchema$()))
            return RefreshResult.ok(List.of()); // not indexed here
        String what = "applying " + change.getCommandTag() + " on " + change.getDatabaseId() + "." + change.getSchema$()
                + "." + change.getTable();
        try {
            return RefreshResult.ok(outages.call(
                    what,
                    outageBudget,
                    () -> accessOnly ? refreshAccess(db.get()) : refresh(db.get(), affectedTables(change))));
        } catch (BudgetedRetry.GaveUp e) {
            // a bug, not an outage: the processing handler files it with the record's bytes
            if (e.getCause() instanceof RuntimeException bug) throw bug;
            log.warn(
                    "cannot apply {} on {}.{}.{}: {}",
                    change.getCommandTag(),
                    change.getDatabaseId(),
                    change.getSchema$(),
                    change.getTable(),
                    e.getMessage());
            return new RefreshResult.Failed(ErrorClass.INFRA_FAILURE, Failures.describe(e.getCause()));
        }
    }

    private static Set<TableName> affectedTables(SchemaChanged change) {
        Set<TableName> names = new LinkedHashSet<>();
        names.add(new TableName(change.getSchema$(), change.getTable()));
        if (!blank(change.getPreviousTable()))
            names.add(TableName.parse(change.getPreviousTable(), change.getSchema$()));
        return names;
    }

    private List<CatalogUpdate> refresh(RegisteredDatabase db, Set<TableName> names)
            throws IntrospectionException, SchemaStoreException {
        SchemaIntrospector introspector = introspectors.apply(db);
        Annotations notes = annotations.apply(db);
        Map<TableName, Table> present = new LinkedHashMap<>();
        Set<TableName> scope = new LinkedHashSet<>(names);
        for (TableName name : names) introspector.table(name).ifPresent(t -> present.put(name, t));
        // Tables that a changed foreign key points at: their texts are refreshed too (hash-gated, so usually a no-op).
        for (Table t : List.copyOf(present.values()))
            for (ForeignKey fk : t.foreignKeys())
                if (db.schemas().contains(fk.referencedTable().schema()) && scope.add(fk.referencedTable()))
                    introspector.table(fk.referencedTable()).ifPresent(r -> present.put(r.name(), r));
        SchemaIndexer.Outcome outcome = indexer.index(db.id(), present.values(), scope, notes, SyncProgress.NONE);
        Set<String> schemas = new LinkedHashSet<>();
        scope.forEach(t -> schemas.add(t.schema()));
        RelationshipSync.Outcome edges = relationships.refresh(db.id(), schemas);
        AccessSync.Outcome privileges = access.refresh(db, introspector);

        List<CatalogUpdate> updates = new ArrayList<>();
        for (TableName name : scope) {
            String key = catalogKey(db.id(), name);
            Table table = present.get(name);
            if (table != null)
                updates.add(
                        new CatalogUpdate(key, entry(db.id(), table, notes, edges.from(table), privileges.of(name))));
            else updates.add(new CatalogUpdate(key, null));
        }
        Set<TableName> others = new LinkedHashSet<>(edges.changed());
        others.addAll(privileges.changed());
        others.removeAll(scope);
        updates.addAll(entries(db, notes, others, privileges));
        log.info(
                "schema change applied on {}: {} table(s), {} embedded, {} deleted, edges of {} and access of {} table(s)"
                        + " changed",
                db.id(),
                scope.size(),
                outcome.embedded(),
                outcome.deleted(),
                edges.changed().size(),
                privileges.changed().size());
        return updates;
    }

    /** A change of privileges or policies: only the recorded access, and the catalog entries of the tables it changed. */
    private List<CatalogUpdate> refreshAccess(RegisteredDatabase db)
            throws IntrospectionException, SchemaStoreException {
        long started = System.nanoTime();
        AccessSync.Outcome privileges = access.refresh(db, introspectors.apply(db));
        long read = System.nanoTime();
        List<CatalogUpdate> updates = entries(db, annotations.apply(db), privileges.changed(), privileges);
        log.info(
                "access change applied on {}: access of {} table(s) changed; read and stored in {} ms, catalog entries"
                        + " in {} ms",
                db.id(),
                privileges.changed().size(),
                (read - started) / 1_000_000,
                (System.nanoTime() - read) / 1_000_000);
        return updates;
    }

    /**
     * The catalog entries of stored tables outside a change's own scope, as the store now holds them: their stored
     * edges are read, not recomputed (a privilege change moves no edge, and a DDL change stored its edges already), so
     * a GRANT on three tables costs two small reads instead of the join edges of their whole schemas.
     */
    private List<CatalogUpdate> entries(
            RegisteredDatabase db, Annotations notes, Set<TableName> tables, AccessSync.Outcome privileges)
            throws SchemaStoreException {
        if (tables.isEmpty()) return List.of();
        RelationshipSync.Outcome edges = relationships.stored(db.id(), tables);
        List<CatalogUpdate> updates = new ArrayList<>();
        for (TableName name : tables) {
            Table table = edges.tables().get(name);
            if (table != null)
                updates.add(new CatalogUpdate(
                        catalogKey(db.id(), name),
                        entry(db.id(), table, notes, edges.from(table), privileges.of(name))));
        }
        return updates;
    }

    public static String catalogKey(String databaseId, TableName table) {
        return databaseId + "." + table;
    }

    SchemaCatalogEntry entry(
            String databaseId, Table table, Annotations notes, List<ForeignKeyEdge> edges, TableAccess access) {
        var t = texts.of(table, notes);
        return SchemaCatalogEntry.newBuilder()
                .setDatabaseId(databaseId)
                .setSchema$(table.name().schema())
                .setTable(table.name().table())
                .setModule(notes.module(table.name()).orElse(null))
                .setComment(table.comment())
                .setColumns(table.columns().stream().map(Column::name).toList())
                .setCompactSchema(t.compact())
                .setTextHash(t.tableHash())
                .setUpdatedAt(Instant.now())
                .setRelationships(
                        edges.stream().map(TableRefresher::relationship).toList())
                .setReaders(access.readers().entrySet().stream()
                        .map(r -> CatalogReader.newBuilder()
                                .setRole(r.getKey())
                                .setColumns(r.getValue().stream().sorted().toList())
                                .build())
                        .toList())
                .setRowSecurity(access.rowSecurity())
                .setPolicies(access.policies())
                .build();
    }

    private static CatalogRelationship relationship(ForeignKeyEdge edge) {
        return CatalogRelationship.newBuilder()
                .setColumns(edge.fromColumns())
                .setReferencedSchema(edge.to().schema())
                .setReferencedTable(edge.to().table())
                .setReferencedColumns(edge.toColumns())
                .setSource(edge.source().name().toLowerCase(Locale.ROOT))
                .setConfidence(edge.confidence())
                .build();
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
