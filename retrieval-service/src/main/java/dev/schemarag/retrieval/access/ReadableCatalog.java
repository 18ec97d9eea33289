package dev.schemarag.retrieval.access;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ReadableSchema;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A database's catalog as one role may read it, from the privileges ingest recorded: only the tables the role may
 * SELECT from, each with only its readable columns, keys and join edges whose columns and tables it can all read, and
 * no comment, embedded text or doc chunk that names what it cannot read; a table whose rows row-level security filters
 * says so in its comment ({@link #ROW_SECURITY_NOTE}). A documented query's chunk is shown only when the role may read
 * everything its SQL reads ({@link ReadableSchema}, from the reads the examples' seeding recorded on it), and not while
 * those are unknown. Everything retrieval ranks, expands and renders for a question of that role
 * comes from here, so nothing unreadable can reach its context.
 *
 * <p>A name counts as unreadable when it is the name of a table or column the role cannot read and of nothing it can
 * read (a column {@code id} it reads elsewhere is no secret). A table without recorded access is unreadable: privileges
 * not recorded yet hide a table rather than show it.
 *
 * <p>{@link #next} follows a catalog change cheaply: a table or chunk the change left alone (the same object) keeps its
 * restricted form unless the tables it refers to are read differently now or it names a word whose readability changed;
 * documented queries, which may read any table, are decided again each time.
 */
public final class ReadableCatalog {
    /** Added to the comment of a table whose rows row-level security filters, so the model knows rows may be missing. */
    static final String ROW_SECURITY_NOTE =
            "Rows filtered by row-level security: a query sees only the rows its policies allow.";

    private final String role;
    private final Map<TableName, Set<String>> readable;
    private final Set<String> hidden;
    private final IndexedDatabase view;
    private final Map<IndexedTable, IndexedTable> restricted;
    private final Map<DocChunk, Boolean> shown;

    private ReadableCatalog(
            String role,
            Map<TableName, Set<String>> readable,
            Set<String> hidden,
            IndexedDatabase view,
            Map<IndexedTable, IndexedTable> restricted,
            Map<DocChunk, Boolean> shown) {
        this.role = role;
        this.readable = readable;
        this.hidden = hidden;
        this.view = view;
        this.restricted = restricted;
        this.shown = shown;
    }

    /** The catalog as {@code role} may read it; its version is the catalog's. */
    public static IndexedDatabase of(IndexedDatabase database, String role) {
        return build(database, role, null).view;
    }

    /** The restriction of {@code database} for {@code role}, to be followed with {@link #next}. */
    public static ReadableCatalog restrict(IndexedDatabase database, String role) {
        return build(database, role, null);
    }

    /** The same role's restriction of the catalog's next version. */
    public ReadableCatalog next(IndexedDatabase database) {
        return build(database, role, this);
    }

    /** The catalog as the role may read it. */
    public IndexedDatabase view() {
        return view;
    }

    private static ReadableCatalog build(IndexedDatabase database, String role, ReadableCatalog previous) {
        Map<TableName, Set<String>> readable = new HashMap<>();
        Set<String> hidden = new HashSet<>();
        Set<String> shownNames = new HashSet<>();
        for (IndexedTable table : database.tables()) {
            Table definition = table.definition();
            Set<String> columns = new HashSet<>(table.access().columns(role));
            if (columns.isEmpty()) {
                hidden.add(lower(definition.name().table()));
                definition.columns().forEach(c -> hidden.add(lower(c.name())));
                continue;
            }
            readable.put(definition.name(), columns);
            shownNames.add(lower(definition.name().table()));
            shownNames.add(lower(definition.name().schema()));
            for (Column c : definition.columns())
                (columns.contains(c.name()) ? shownNames : hidden).add(lower(c.name()));
        }
        hidden.removeAll(shownNames);
        // A row restricted for the previous version still holds when it is the same row, the tables it refers to are
        // read as before, and none of its words became, or stopped being, unreadable.
        Set<String> renamed = previous == null ? Set.of() : symmetricDifference(previous.hidden, hidden);
        Map<IndexedTable, IndexedTable> restricted = new IdentityHashMap<>();
        List<IndexedTable> tables = new ArrayList<>();
        for (IndexedTable table : database.tables()) {
            Set<String> columns = readable.get(table.definition().name());
            if (columns == null) continue;
            IndexedTable kept = previous == null ? null : previous.restricted.get(table);
            if (kept != null && (!previous.readsAsBefore(table, readable) || mentions(table, renamed))) kept = null;
            if (kept == null) kept = restrict(table, columns, readable, hidden);
            restricted.put(table, kept);
            tables.add(kept);
        }
        ReadableSchema schema = readableSchema(database, role);
        Map<DocChunk, Boolean> shown = new IdentityHashMap<>();
        List<DocChunk> docs = new ArrayList<>();
        for (DocChunk doc : database.docs()) {
            Boolean known = previous == null
                            || doc.kind() == DocKind.QUERY
                            || !Objects.equals(readable.get(doc.table()), previous.readable.get(doc.table()))
                            || Identifiers.mentions(doc.content(), renamed)
                    ? null
                    : previous.shown.get(doc);
            boolean show = known != null ? known : shows(doc, readable, hidden, schema);
            shown.put(doc, show);
            if (show) docs.add(doc);
        }
        return new ReadableCatalog(
                role,
                readable,
                hidden,
                new IndexedDatabase(
                        database.databaseId(),
                        database.version(),
                        tables,
                        docs,
                        database.principals(),
                        database.dialect()),
                restricted,
                shown);
    }

    /** Whether the table and every table its keys and edges refer to are read now as they were here. */
    private boolean readsAsBefore(IndexedTable table, Map<TableName, Set<String>> now) {
        Table d = table.definition();
        List<TableName> referred = new ArrayList<>();
        referred.add(d.name());
        d.foreignKeys().forEach(fk -> referred.add(fk.referencedTable()));
        d.relationships().forEach(r -> referred.add(r.referencedTable()));
        table.relationships().forEach(e -> referred.add(e.to()));
        for (TableName name : referred) if (!Objects.equals(readable.get(name), now.get(name))) return false;
        return true;
    }

    private static boolean mentions(IndexedTable table, Set<String> names) {
        if (names.isEmpty()) return false;
        Table d = table.definition();
        if (Identifiers.mentions(d.comment(), names) || Identifiers.mentions(table.text(), names)) return true;
        for (Column c : d.columns()) if (Identifiers.mentions(c.comment(), names)) return true;
        for (IndexedColumn c : table.columns()) if (Identifiers.mentions(c.text(), names)) return true;
        return false;
    }

    private static Set<String> symmetricDifference(Set<String> a, Set<String> b) {
        Set<String> difference = new HashSet<>(a);
        difference.addAll(b);
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        difference.removeAll(both);
        return difference;
    }

    private static boolean shows(
            DocChunk doc, Map<TableName, Set<String>> readable, Set<String> hidden, ReadableSchema schema) {
        Set<String> columns = readable.get(doc.table());
        return columns != null
                && (!doc.aboutColumn() || columns.contains(doc.column()))
                && (doc.kind() != DocKind.QUERY
                        || doc.reads().map(schema::permits).orElse(false))
                && !Identifiers.mentions(doc.content(), hidden);
    }

    private static ReadableSchema readableSchema(IndexedDatabase database, String role) {
        Map<TableName, List<String>> columns = new HashMap<>();
        Map<TableName, TableAccess> access = new HashMap<>();
        for (IndexedTable table : database.tables()) {
            Table definition = table.definition();
            columns.put(
                    definition.name(),
                    definition.columns().stream().map(Column::name).toList());
            access.put(definition.name(), table.access());
        }
        return ReadableSchema.of(columns, access, role);
    }

    private static IndexedTable restrict(
            IndexedTable table, Set<String> columns, Map<TableName, Set<String>> readable, Set<String> hidden) {
        Table d = table.definition();
        List<Column> kept = d.columns().stream()
                .filter(c -> columns.contains(c.name()))
                .map(c -> Identifiers.mentions(c.comment(), hidden)
                        ? new Column(c.name(), c.dataType(), c.nullable(), c.defaultValue(), null)
                        : c)
                .toList();
        Table definition = new Table(
                d.name(),
                d.view(),
                withRowSecurityNote(
                        Identifiers.mentions(d.comment(), hidden) ? null : d.comment(),
                        table.access().rowSecurity()),
                kept,
                columns.containsAll(d.primaryKey()) ? d.primaryKey() : List.of(),
                d.foreignKeys().stream()
                        .filter(fk -> columns.containsAll(fk.columns())
                                && reads(readable, fk.referencedTable(), fk.referencedColumns()))
                        .toList(),
                d.uniqueConstraints().stream().filter(columns::containsAll).toList(),
                d.relationships().stream()
                        .filter(r -> columns.containsAll(r.columns())
                                && reads(readable, r.referencedTable(), r.referencedColumns()))
                        .toList());
        List<IndexedColumn> indexed = table.columns().stream()
                .filter(c -> columns.contains(c.name()))
                .map(c -> new IndexedColumn(c.name(), c.generic(), Identifiers.without(c.text(), hidden), c.stamp()))
                .toList();
        List<ForeignKeyEdge> edges = table.relationships().stream()
                .filter(e -> columns.containsAll(e.fromColumns()) && reads(readable, e.to(), e.toColumns()))
                .toList();
        return new IndexedTable(
                definition,
                table.module(),
                table.generic(),
                Identifiers.without(table.text(), hidden),
                table.stamp(),
                indexed,
                edges,
                table.access());
    }

    private static String withRowSecurityNote(String comment, boolean rowSecurity) {
        if (!rowSecurity) return comment;
        return comment == null || comment.isBlank() ? ROW_SECURITY_NOTE : comment.strip() + " " + ROW_SECURITY_NOTE;
    }

    private static boolean reads(Map<TableName, Set<String>> readable, TableName table, Collection<String> columns) {
        Set<String> readableColumns = readable.get(table);
        return readableColumns != null && readableColumns.containsAll(columns);
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
