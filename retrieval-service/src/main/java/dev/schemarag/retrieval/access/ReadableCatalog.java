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
 * restricted form unless the tables it refers to are read differently now or it names a word whose readability changed
 * (the words of each are found once, then kept with it); documented queries, which may read any table, are decided
 * again only when a table's columns, what the role reads or the unreadable words changed. So a privilege change that
 * leaves a role's view as it was costs that view one pass over its tables' names, nothing rendered or matched again.
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
    /** The column names of every table of the catalog, what a documented query's reads are checked against. */
    private final Map<TableName, List<String>> columns;
    /** The words of the catalog's tables and doc chunks (by identity), found once and kept while they are. */
    private final Map<Object, Set<String>> words;

    private ReadableCatalog(
            String role,
            Map<TableName, Set<String>> readable,
            Set<String> hidden,
            IndexedDatabase view,
            Map<IndexedTable, IndexedTable> restricted,
            Map<DocChunk, Boolean> shown,
            Map<TableName, List<String>> columns,
            Map<Object, Set<String>> words) {
        this.role = role;
        this.readable = readable;
        this.hidden = hidden;
        this.view = view;
        this.restricted = restricted;
        this.shown = shown;
        this.columns = columns;
        this.words = words;
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
        Map<TableName, List<String>> columnNames = new HashMap<>();
        Set<String> hidden = new HashSet<>();
        Set<String> shownNames = new HashSet<>();
        for (IndexedTable table : database.tables()) {
            Table definition = table.definition();
            List<String> names = definition.columns().stream().map(Column::name).toList();
            columnNames.put(definition.name(), names);
            Set<String> columns = new HashSet<>(table.access().columns(role));
            if (columns.isEmpty()) {
                hidden.add(lower(definition.name().table()));
                names.forEach(c -> hidden.add(lower(c)));
                continue;
            }
            readable.put(definition.name(), columns);
            shownNames.add(lower(definition.name().table()));
            shownNames.add(lower(definition.name().schema()));
            for (String c : names) (columns.contains(c) ? shownNames : hidden).add(lower(c));
        }
        hidden.removeAll(shownNames);
        Map<Object, Set<String>> words = new IdentityHashMap<>();
        if (previous != null) {
            for (IndexedTable table : database.tables()) carry(table, previous.words, words);
            for (DocChunk doc : database.docs()) carry(doc, previous.words, words);
        }
        // A row restricted for the previous version still holds when it is the same row, the tables it refers to are
        // read as before, and none of its words became, or stopped being, unreadable.
        Set<String> renamed = previous == null ? Set.of() : symmetricDifference(previous.hidden, hidden);
        Set<TableName> readDifferently = previous == null ? Set.of() : differences(previous.readable, readable);
        Map<IndexedTable, IndexedTable> restricted = new IdentityHashMap<>();
        List<IndexedTable> tables = new ArrayList<>();
        for (IndexedTable table : database.tables()) {
            Set<String> columns = readable.get(table.definition().name());
            if (columns == null) continue;
            IndexedTable kept = previous == null ? null : previous.restricted.get(table);
            if (kept != null && (refersToAny(table, readDifferently) || mentions(table, renamed, words))) kept = null;
            if (kept == null) kept = restrict(table, columns, readable, hidden);
            restricted.put(table, kept);
            tables.add(kept);
        }
        // A documented query's verdict depends on every table's columns and what the role reads of them: it holds
        // while neither changed, nor the unreadable words.
        boolean queriesHold = previous != null
                && readDifferently.isEmpty()
                && renamed.isEmpty()
                && columnNames.equals(previous.columns);
        ReadableSchema schema = null;
        Map<DocChunk, Boolean> shown = new IdentityHashMap<>();
        List<DocChunk> docs = new ArrayList<>();
        for (DocChunk doc : database.docs()) {
            Boolean known = previous == null
                            || (doc.kind() == DocKind.QUERY && !queriesHold)
                            || readDifferently.contains(doc.table())
                            || mentions(doc, renamed, words)
                    ? null
                    : previous.shown.get(doc);
            if (known == null && doc.kind() == DocKind.QUERY && schema == null)
                schema = ReadableSchema.of(columnNames, access(database), role);
            boolean show = known != null ? known : shows(doc, readable, hidden, schema, words);
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
                shown,
                columnNames,
                words);
    }

    private static void carry(Object row, Map<Object, Set<String>> from, Map<Object, Set<String>> to) {
        Set<String> found = from.get(row);
        if (found != null) to.put(row, found);
    }

    /** The tables read differently in one than in the other, present in one only included. */
    private static Set<TableName> differences(Map<TableName, Set<String>> before, Map<TableName, Set<String>> now) {
        Set<TableName> different = new HashSet<>();
        before.forEach((table, columns) -> {
            if (!columns.equals(now.get(table))) different.add(table);
        });
        now.keySet().forEach(table -> {
            if (!before.containsKey(table)) different.add(table);
        });
        return different;
    }

    /** Whether the table, or a table its keys and edges refer to, is one of {@code tables}. */
    private static boolean refersToAny(IndexedTable table, Set<TableName> tables) {
        if (tables.isEmpty()) return false;
        Table d = table.definition();
        if (tables.contains(d.name())) return true;
        for (var fk : d.foreignKeys()) if (tables.contains(fk.referencedTable())) return true;
        for (var r : d.relationships()) if (tables.contains(r.referencedTable())) return true;
        for (ForeignKeyEdge e : table.relationships()) if (tables.contains(e.to())) return true;
        return false;
    }

    private static boolean mentions(IndexedTable table, Set<String> names, Map<Object, Set<String>> words) {
        if (names.isEmpty()) return false;
        return Identifiers.anyOf(words.computeIfAbsent(table, t -> wordsOf(table)), names);
    }

    private static boolean mentions(DocChunk doc, Set<String> names, Map<Object, Set<String>> words) {
        if (names.isEmpty()) return false;
        return Identifiers.anyOf(words.computeIfAbsent(doc, d -> Identifiers.words(doc.content())), names);
    }

    /** The words of a table's texts that a restriction may drop: its comments and embedded texts. */
    private static Set<String> wordsOf(IndexedTable table) {
        Table d = table.definition();
        List<String> texts = new ArrayList<>();
        texts.add(d.comment());
        texts.add(table.text());
        d.columns().forEach(c -> texts.add(c.comment()));
        table.columns().forEach(c -> texts.add(c.text()));
        return Identifiers.words(texts.toArray(String[]::new));
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
            DocChunk doc,
            Map<TableName, Set<String>> readable,
            Set<String> hidden,
            ReadableSchema schema,
            Map<Object, Set<String>> words) {
        Set<String> columns = readable.get(doc.table());
        return columns != null
                && (!doc.aboutColumn() || columns.contains(doc.column()))
                && (doc.kind() != DocKind.QUERY
                        || doc.reads().map(schema::permits).orElse(false))
                && !mentions(doc, hidden, words);
    }

    private static Map<TableName, TableAccess> access(IndexedDatabase database) {
        Map<TableName, TableAccess> access = new HashMap<>();
        for (IndexedTable table : database.tables())
            access.put(table.definition().name(), table.access());
        return access;
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
