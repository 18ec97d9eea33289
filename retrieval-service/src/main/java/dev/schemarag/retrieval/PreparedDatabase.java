package dev.schemarag.retrieval;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.access.ReadableCatalog;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.family.TableFamilies;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.CatalogChanges;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import dev.schemarag.retrieval.index.SharedStrings;
import dev.schemarag.retrieval.index.StaleParts;
import dev.schemarag.retrieval.lexical.LexicalIndex;
import dev.schemarag.retrieval.packet.CompactSchemaRenderer;
import dev.schemarag.retrieval.packet.CreateTableRenderer;
import dev.schemarag.retrieval.packet.TokenCounter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What retrieval needs of one catalog version, computed once: the join graph (declared keys and the annotated and
 * inferred edges ingest stored) and the BM25 index. A table is rendered in a packet form when a packet or a count
 * asks for it, not held rendered: on a warehouse catalog the renderings of every table would repeat every column
 * comment twice more, while a question shows a few tables. Token counts of a table are computed on first use of a
 * form, since most deployments use one, and kept. Immutable apart from those counts, and shared by concurrent
 * requests: a catalog change makes a new one ({@link #withChanges}) that counts and re-indexes only what the change
 * made stale ({@link StaleParts}), so a GRANT or REVOKE, which changes the tables' recorded access only, re-indexes
 * nothing of the whole catalog.
 *
 * <p>A role's view ({@link #readableBy}) has its own BM25 index, over what the role may read only, so that neither the
 * texts nor the term statistics of what it cannot read rank its questions.
 */
final class PreparedDatabase {
    private final IndexedDatabase database;
    /** The tables in catalog order. */
    private final List<TableName> names;

    private final Map<PacketFormat, ConcurrentMap<TableName, Integer>> tokens;
    private final Map<TableName, Table> definitions = new HashMap<>();
    private final ForeignKeyGraph graph;
    private final LexicalIndex lexical;
    private final String modelId;
    private final int vectorsOfOtherModels;
    /** The doc chunks a role's view holds; null in the whole catalog, which holds every chunk of its version. */
    private final Set<DocChunk> heldDocs;
    /** How a role's view was restricted, to follow changes with; null in the whole catalog. */
    private ReadableCatalog restriction;
    /** The table families of this version, grouped on first use. */
    private volatile TableFamilies families;
    /** This version as each role asked for may read it, prepared on first use. */
    private final ConcurrentMap<String, PreparedDatabase> readable = new ConcurrentHashMap<>();

    private PreparedDatabase(
            IndexedDatabase database,
            Map<PacketFormat, ConcurrentMap<TableName, Integer>> tokens,
            LexicalIndex lexical,
            String modelId,
            int vectorsOfOtherModels,
            Set<DocChunk> heldDocs,
            ForeignKeyGraph graph) {
        this.database = database;
        this.names = database.tableNames();
        this.tokens = tokens;
        database.tables().forEach(t -> definitions.put(t.definition().name(), t.definition()));
        this.graph = graph != null ? graph : graphOf(database);
        this.lexical = lexical;
        this.modelId = modelId;
        this.vectorsOfOtherModels = vectorsOfOtherModels;
        this.heldDocs = heldDocs;
    }

    /**
     * Built from the whole table list (linear in the edges): the declared keys of the definitions and the annotated and
     * inferred edges ingest stored with each table. Nothing is inferred here: ingest recomputes the edges when it
     * stores the catalog, so a question never waits for inference.
     */
    private static ForeignKeyGraph graphOf(IndexedDatabase database) {
        return ForeignKeyGraph.of(
                database.tables().stream().map(IndexedTable::definition).toList(), storedEdges(database.tables()));
    }

    /**
     * @param read the catalog as read from the store: it is held with the strings it repeats shared
     *     ({@link SharedStrings})
     * @param modelId the model that embeds the questions, which the stored vectors must come from to be compared
     */
    static PreparedDatabase prepare(IndexedDatabase read, String modelId) {
        IndexedDatabase database = new SharedStrings().database(read);
        return new PreparedDatabase(
                database,
                emptyTokens(),
                LexicalIndex.build(database),
                modelId,
                vectorsOfOtherModels(database.tables(), modelId),
                null,
                null);
    }

    /**
     * This version as {@code role} may read it ({@link ReadableCatalog}): what a question of that role is ranked,
     * expanded and rendered from. Prepared once per version and role; a view's texts may drop names from the embedded
     * ones, so it keeps the whole catalog's count of vectors of other models rather than comparing its texts.
     */
    PreparedDatabase readableBy(String role) {
        return readable.computeIfAbsent(role, r -> {
            ReadableCatalog restriction = ReadableCatalog.restrict(database, r);
            IndexedDatabase view = restriction.view();
            PreparedDatabase prepared = new PreparedDatabase(
                    view,
                    emptyTokens(),
                    LexicalIndex.build(view),
                    modelId,
                    vectorsOfOtherModels,
                    Set.copyOf(view.docs()),
                    null);
            prepared.restriction = restriction;
            return prepared;
        });
    }

    /** Prepares the view of every role the database maps a principal to, so that no question waits for one. */
    void prepareRoles() {
        database.principals().roles().values().forEach(this::readableBy);
        if (database.principals().defaultRole() != null)
            readableBy(database.principals().defaultRole());
    }

    /** Whether the chunk, found by a search of the whole store, is one this catalog may show. */
    boolean holds(DocChunk chunk) {
        return heldDocs == null || heldDocs.contains(chunk);
    }

    /** Whether the table is in this catalog with that column. */
    boolean hasColumn(TableName table, String column) {
        Table definition = definitions.get(table);
        return definition != null && definition.column(column).isPresent();
    }

    /**
     * The stored edges in the order inference and annotations produce them (annotated before inferred, then by table,
     * then by the annotation's or the column's position): the store keeps no order, and the graph's tie-breaks follow
     * its edges' order, so a catalog loaded in full and one reached by changes give the same graph.
     */
    static List<ForeignKeyEdge> storedEdges(List<IndexedTable> tables) {
        List<ForeignKeyEdge> edges = new ArrayList<>();
        Map<ForeignKeyEdge, int[]> positions = new HashMap<>();
        for (int t = 0; t < tables.size(); t++) {
            Table definition = tables.get(t).definition();
            for (ForeignKeyEdge edge : tables.get(t).relationships()) {
                edges.add(edge);
                positions.put(edge, new int[] {edge.source().ordinal(), t, position(definition, edge)});
            }
        }
        edges.sort(Comparator.comparing(positions::get, Arrays::compare));
        return edges;
    }

    /** An annotated edge's place among the table's relationships, an inferred one's column position. */
    private static int position(Table definition, ForeignKeyEdge edge) {
        if (edge.source() == EdgeSource.ANNOTATED) {
            for (int i = 0; i < definition.relationships().size(); i++) {
                Relationship r = definition.relationships().get(i);
                if (r.columns().equals(edge.fromColumns())
                        && r.referencedTable().equals(edge.to())) return i;
            }
        }
        for (int i = 0; i < definition.columns().size(); i++)
            if (definition.columns().get(i).name().equals(edge.fromColumns().get(0))) return i;
        return Integer.MAX_VALUE;
    }

    /**
     * The next version: the changed tables (their strings shared as on a full load) counted and re-indexed anew,
     * everything else shared with this one. The views of the roles prepared for this version follow the same way: each
     * role's view of the next version is compared with its view of this one, and only the tables that differ in it
     * are counted and re-indexed anew.
     */
    PreparedDatabase withChanges(CatalogChanges read) {
        CatalogChanges changes = new SharedStrings().changes(read);
        if (changes.changed().isEmpty()
                && changes.version().equals(version())
                && changes.principals().equals(database.principals())
                && changes.dialect() == database.dialect()) return this;
        List<IndexedTable> removed = database.tables().stream()
                .filter(t -> changes.changed().contains(t.definition().name()))
                .toList();
        PreparedDatabase next = applied(
                changes,
                vectorsOfOtherModels
                        - vectorsOfOtherModels(removed, modelId)
                        + vectorsOfOtherModels(changes.tables(), modelId),
                null);
        readable.forEach((role, view) -> {
            ReadableCatalog restriction = view.restriction.next(next.database);
            IndexedDatabase viewed = restriction.view();
            PreparedDatabase followed =
                    view.applied(view.database.changesTo(viewed), next.vectorsOfOtherModels, Set.copyOf(viewed.docs()));
            followed.restriction = restriction;
            next.readable.put(role, followed);
        });
        return next;
    }

    /**
     * This catalog with the changes applied: only what they make stale ({@link StaleParts}) is counted and indexed
     * again, and the join graph rebuilt only when an edge may have changed; the rest is this one's. A change of
     * recorded access only shares everything but the rows.
     */
    private PreparedDatabase applied(CatalogChanges changes, int vectorsOfOtherModels, Set<DocChunk> heldDocs) {
        IndexedDatabase next = database.withChanges(changes);
        StaleParts stale = StaleParts.of(database, changes);
        // A new dialect quotes every table's names anew: nothing counted before is kept.
        boolean sameDialect = next.dialect() == database.dialect();
        Map<PacketFormat, ConcurrentMap<TableName, Integer>> nextTokens = tokens;
        if (!sameDialect || !stale.texts().isEmpty()) {
            nextTokens = emptyTokens();
            if (sameDialect)
                for (PacketFormat format : PacketFormat.values()) {
                    Map<TableName, Integer> counts = nextTokens.get(format);
                    tokens.get(format).forEach((table, count) -> {
                        if (!stale.texts().contains(table)) counts.put(table, count);
                    });
                }
        }
        return new PreparedDatabase(
                next,
                nextTokens,
                lexical.withChanges(next, stale.lexical()),
                modelId,
                vectorsOfOtherModels,
                heldDocs,
                stale.graph() ? null : graph);
    }

    private static Map<PacketFormat, ConcurrentMap<TableName, Integer>> emptyTokens() {
        Map<PacketFormat, ConcurrentMap<TableName, Integer>> tokens = new EnumMap<>(PacketFormat.class);
        for (PacketFormat format : PacketFormat.values()) tokens.put(format, new ConcurrentHashMap<>());
        return tokens;
    }

    /**
     * Table and column vectors whose stamp says another model made them (the store's rows after a model change, until
     * a sync re-embeds them): their similarities to this model's query vectors mean nothing.
     */
    static int vectorsOfOtherModels(List<IndexedTable> tables, String modelId) {
        int count = 0;
        for (IndexedTable table : tables) {
            if (!madeBy(modelId, table.text(), table.stamp())) count++;
            for (IndexedColumn column : table.columns()) if (!madeBy(modelId, column.text(), column.stamp())) count++;
        }
        return count;
    }

    private static boolean madeBy(String modelId, String text, String stamp) {
        return TextHash.stamp(modelId, TextHash.sha256(text)).equals(stamp);
    }

    String version() {
        return database.version();
    }

    /** The catalog this was prepared from. */
    IndexedDatabase database() {
        return database;
    }

    int vectorsOfOtherModels() {
        return vectorsOfOtherModels;
    }

    /** The SQL the database speaks, which its packets quote names in. */
    SqlDialect dialect() {
        return database.dialect();
    }

    ForeignKeyGraph graph() {
        return graph;
    }

    LexicalIndex lexical() {
        return lexical;
    }

    boolean contains(TableName table) {
        return definitions.containsKey(table);
    }

    /** The tables of the given schemas (all when empty), in catalog order. */
    List<TableName> tablesIn(Set<String> schemas) {
        if (schemas.isEmpty()) return names;
        return names.stream().filter(t -> schemas.contains(t.schema())).toList();
    }

    /** The table rendered in the form; the table must be in the catalog. */
    String text(TableName table, PacketFormat format) {
        Table definition = definitions.get(table);
        return switch (format) {
            case CREATE_TABLE -> CreateTableRenderer.render(definition, database.dialect());
            case COMPACT -> CompactSchemaRenderer.render(definition, database.dialect());
        };
    }

    /** The table's stored definition; the table must be in the catalog. */
    Table definition(TableName table) {
        return definitions.get(table);
    }

    /**
     * The table families among this catalog's tables (a role's view: among the tables and columns it may read), grouped
     * on first use: a pass over the names, which a catalog without dated or numbered names ends quickly.
     */
    TableFamilies families() {
        TableFamilies grouped = families;
        if (grouped == null)
            families = grouped =
                    TableFamilies.of(names.stream().map(definitions::get).toList());
        return grouped;
    }

    /** Tokens of the given tables' definitions alone. */
    int tokens(List<TableName> tables, PacketFormat format) {
        Map<TableName, Integer> counts = tokens.get(format);
        int sum = 0;
        for (TableName table : tables) sum += counts.computeIfAbsent(table, t -> TokenCounter.count(text(t, format)));
        return sum;
    }
}
