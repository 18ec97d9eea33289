package dev.schemarag.retrieval.pgvector;

import com.pgvector.PGvector;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.CatalogAccessStore;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.HnswScan;
import dev.schemarag.core.store.JdbcArrays;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.core.store.TableDefinitions;
import dev.schemarag.retrieval.index.CatalogChanges;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DatabaseVectors;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.Embedded;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.index.VectorChanges;
import dev.schemarag.retrieval.index.VectorSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Adapter: {@link SchemaIndex} over the pgvector store (HNSW, cosine), searched with {@link HnswScan}'s iterative
 * scans. As a {@link VectorSource} it reads a database's vectors for in-memory search. Every call borrows its own
 * pooled connection, so calls may run on many threads at once.
 */
public final class PgVectorSchemaIndex implements SchemaIndex, VectorSource {
    /** A doc chunk's columns, as {@link #docChunk} reads them. */
    private static final String DOC_COLUMNS = "schema_name, table_name, column_name, chunk_kind, content,"
            + " reads_tables, reads_columns, reads_whole_rows";

    private final Database store;

    public PgVectorSchemaIndex(Database store) {
        this.store = store;
    }

    /** The database's counter in {@code catalog_versions}, which triggers bump on every change to its rows. */
    @Override
    public Optional<String> version(String databaseId) {
        try (Connection c = store.borrow()) {
            return version(c, databaseId);
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
        }
    }

    private static Optional<String> version(Connection c, String databaseId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT version FROM catalog_versions WHERE database_id = ?"
                + " AND EXISTS (SELECT 1 FROM schema_embeddings WHERE database_id = ?)")) {
            ps.setString(1, databaseId);
            ps.setString(2, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(Long.toString(rs.getLong(1))) : Optional.empty();
            }
        }
    }

    @Override
    public List<String> databases() {
        List<String> ids = new ArrayList<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT database_id FROM catalog_versions v WHERE EXISTS"
                                + " (SELECT 1 FROM schema_embeddings e WHERE e.database_id = v.database_id) ORDER BY database_id");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) ids.add(rs.getString(1));
            return ids;
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
        }
    }

    @Override
    public Optional<IndexedDatabase> load(String databaseId) {
        return inSnapshot(c -> {
            Optional<String> version = version(c, databaseId);
            if (version.isEmpty()) return Optional.empty();
            Rows rows = rows(c, Scope.all(databaseId));
            return Optional.of(new IndexedDatabase(
                    databaseId,
                    version.get(),
                    rows.tables(),
                    rows.docs(),
                    CatalogAccessStore.principals(c, databaseId),
                    CatalogAccessStore.dialect(c, databaseId)));
        });
    }

    /**
     * The tables whose {@code catalog_table_versions} row is newer than {@code version}, which the store's triggers
     * keep per table (dropped ones included), with their current rows. Empty when the counter is not one this store
     * gave out or is behind it (the store was reset): then only a full load is right.
     */
    @Override
    public Optional<CatalogChanges> changesSince(String databaseId, String version) {
        Optional<Long> since = since(version);
        if (since.isEmpty()) return Optional.empty();
        return inSnapshot(c -> {
            Optional<String> now = current(c, databaseId, since.get());
            if (now.isEmpty()) return Optional.empty();
            Scope scope = Scope.changedSince(databaseId, since.get());
            Rows rows = rows(c, scope);
            return Optional.of(new CatalogChanges(
                    now.get(),
                    changed(c, scope),
                    rows.tables(),
                    rows.docs(),
                    CatalogAccessStore.principals(c, databaseId),
                    CatalogAccessStore.dialect(c, databaseId)));
        });
    }

    @Override
    public Optional<VectorChanges> vectorChangesSince(String databaseId, String version) {
        Optional<Long> since = since(version);
        if (since.isEmpty()) return Optional.empty();
        return inSnapshot(c -> {
            Optional<String> now = current(c, databaseId, since.get());
            if (now.isEmpty()) return Optional.empty();
            Scope scope = Scope.changedSince(databaseId, since.get());
            return Optional.of(new VectorChanges(now.get(), changed(c, scope), vectors(c, scope)));
        });
    }

    private static Optional<Long> since(String version) {
        try {
            return Optional.of(Long.parseLong(version));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The database's version when it is at or after {@code since}. */
    private static Optional<String> current(Connection c, String databaseId, long since) throws SQLException {
        return version(c, databaseId).filter(v -> Long.parseLong(v) >= since);
    }

    private static Set<TableName> changed(Connection c, Scope scope) throws SQLException {
        Set<TableName> changed = new HashSet<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT schema_name, table_name FROM catalog_table_versions WHERE database_id = ? AND version > ?")) {
            ps.setString(1, scope.databaseId());
            ps.setLong(2, scope.since());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) changed.add(new TableName(rs.getString(1), rs.getString(2)));
            }
        }
        return changed;
    }

    private record Rows(List<IndexedTable> tables, List<DocChunk> docs) {}

    private static Rows rows(Connection c, Scope scope) throws SQLException {
        Map<TableName, List<IndexedColumn>> columns = new HashMap<>();
        try (PreparedStatement ps = scope.prepare(
                        c,
                        "SELECT schema_name, table_name, column_name, is_generic, stable_text,"
                                + " text_hash FROM schema_embeddings WHERE database_id = ? AND entity_type = 'column'%s ORDER BY id");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next())
                columns.computeIfAbsent(new TableName(rs.getString(1), rs.getString(2)), t -> new ArrayList<>())
                        .add(new IndexedColumn(rs.getString(3), rs.getBoolean(4), rs.getString(5), rs.getString(6)));
        }
        Map<TableName, List<ForeignKeyEdge>> relationships = new HashMap<>();
        try (PreparedStatement ps = scope.prepare(
                        c,
                        "SELECT schema_name, table_name, columns, referenced_schema, referenced_table, referenced_columns,"
                                + " source, confidence FROM catalog_relationships WHERE database_id = ?%s");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ForeignKeyEdge edge = PgVectorSchemaStore.relationship(rs);
                relationships
                        .computeIfAbsent(edge.from(), t -> new ArrayList<>())
                        .add(edge);
            }
        }
        Map<TableName, TableAccess> access = scope.access(c);
        List<IndexedTable> tables = new ArrayList<>();
        try (PreparedStatement ps = scope.prepare(
                        c,
                        "SELECT module, is_generic, stable_text, definition::text,"
                                + " text_hash FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table'%s");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Table definition = TableDefinitions.fromJson(rs.getString(4));
                List<IndexedColumn> cols =
                        inDefinitionOrder(definition, columns.getOrDefault(definition.name(), List.of()));
                tables.add(new IndexedTable(
                        definition,
                        rs.getString(1),
                        rs.getBoolean(2),
                        rs.getString(3),
                        rs.getString(5),
                        cols,
                        relationships.getOrDefault(definition.name(), List.of()),
                        access.getOrDefault(definition.name(), TableAccess.NONE)));
            }
        }
        List<DocChunk> docs = new ArrayList<>();
        try (PreparedStatement ps = scope.prepare(
                        c,
                        "SELECT " + DOC_COLUMNS
                                + " FROM doc_chunks WHERE database_id = ?%s AND quarantine_reason IS NULL"
                                + " ORDER BY schema_name, table_name, chunk_kind, chunk_index");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) docs.add(docChunk(rs, 1));
        }
        return new Rows(tables, docs);
    }

    /**
     * The rows a read covers: all of the database's, or those of the tables changed after a version. Statements carry a
     * {@code %s} where the restriction goes, right after their {@code database_id = ?}.
     */
    private record Scope(String databaseId, long since) {
        private static final long ALL = -1;

        static Scope all(String databaseId) {
            return new Scope(databaseId, ALL);
        }

        static Scope changedSince(String databaseId, long since) {
            return new Scope(databaseId, since);
        }

        private static final String CHANGED =
                " AND (schema_name, table_name) IN (SELECT schema_name, table_name FROM catalog_table_versions"
                        + " WHERE database_id = ? AND version > ?)";

        PreparedStatement prepare(Connection c, String sql) throws SQLException {
            boolean all = since == ALL;
            PreparedStatement ps = c.prepareStatement(String.format(sql, all ? "" : CHANGED));
            ps.setString(1, databaseId);
            if (!all) {
                ps.setString(2, databaseId);
                ps.setLong(3, since);
            }
            return ps;
        }

        /** The recorded access of the tables in scope. */
        Map<TableName, TableAccess> access(Connection c) throws SQLException {
            return since == ALL
                    ? CatalogAccessStore.access(c, databaseId)
                    : CatalogAccessStore.access(c, databaseId, CHANGED, databaseId, since);
        }
    }

    /**
     * Runs the reads in one repeatable-read transaction, so the version and the rows come from the same snapshot of
     * the store: a version never labels rows of another.
     */
    private <T> T inSnapshot(SnapshotRead<T> read) {
        try (Connection c = store.borrow()) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setReadOnly(true);
            try {
                return read.read(c);
            } finally {
                c.rollback();
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
        }
    }

    private interface SnapshotRead<T> {
        T read(Connection c) throws SQLException;
    }

    private static List<IndexedColumn> inDefinitionOrder(Table table, List<IndexedColumn> stored) {
        Map<String, IndexedColumn> byName = new HashMap<>();
        stored.forEach(c -> byName.put(c.name(), c));
        return table.columns().stream()
                .map(c -> byName.get(c.name()))
                .filter(c -> c != null)
                .toList();
    }

    @Override
    public List<TableHit> searchTables(String databaseId, Set<String> schemas, float[] query, int topK) {
        List<TableHit> hits = new ArrayList<>();
        search(
                "SELECT schema_name, table_name, 1 - (embedding <=> ?) FROM schema_embeddings WHERE database_id = ?"
                        + " AND entity_type = 'table'",
                databaseId,
                schemas,
                query,
                topK,
                rs -> hits.add(new TableHit(new TableName(rs.getString(1), rs.getString(2)), rs.getDouble(3))));
        return hits;
    }

    @Override
    public List<ColumnHit> searchColumns(String databaseId, Set<String> schemas, float[] query, int topK) {
        List<ColumnHit> hits = new ArrayList<>();
        search(
                "SELECT schema_name, table_name, 1 - (embedding <=> ?), column_name, is_generic FROM schema_embeddings"
                        + " WHERE database_id = ? AND entity_type = 'column'",
                databaseId,
                schemas,
                query,
                topK,
                rs -> hits.add(new ColumnHit(
                        new TableName(rs.getString(1), rs.getString(2)),
                        rs.getString(4),
                        rs.getBoolean(5),
                        rs.getDouble(3))));
        return hits;
    }

    @Override
    public List<DocHit> searchDocs(String databaseId, Set<String> schemas, float[] query, int topK) {
        List<DocHit> hits = new ArrayList<>();
        search(
                "SELECT 1 - (embedding <=> ?), " + DOC_COLUMNS + " FROM doc_chunks"
                        + " WHERE database_id = ? AND quarantine_reason IS NULL",
                databaseId,
                schemas,
                query,
                topK,
                rs -> hits.add(new DocHit(docChunk(rs, 2), rs.getDouble(1))));
        return hits;
    }

    /**
     * Vectors come in pgvector's binary form ({@code vector_send}): parsing their text form would take several times
     * longer.
     */
    @Override
    public DatabaseVectors vectors(String databaseId) {
        return inSnapshot(c -> vectors(c, Scope.all(databaseId)));
    }

    private static DatabaseVectors vectors(Connection c, Scope scope) throws SQLException {
        List<Embedded<TableName>> tables = new ArrayList<>();
        read(
                c,
                scope,
                "SELECT schema_name, table_name, vector_send(embedding) FROM schema_embeddings WHERE database_id = ?%s"
                        + " AND entity_type = 'table'",
                rs -> tables.add(new Embedded<>(new TableName(rs.getString(1), rs.getString(2)), vector(rs, 3))));
        List<Embedded<DatabaseVectors.Column>> columns = new ArrayList<>();
        read(
                c,
                scope,
                "SELECT schema_name, table_name, column_name, is_generic, vector_send(embedding) FROM schema_embeddings"
                        + " WHERE database_id = ?%s AND entity_type = 'column'",
                rs -> columns.add(new Embedded<>(
                        new DatabaseVectors.Column(
                                new TableName(rs.getString(1), rs.getString(2)), rs.getString(3), rs.getBoolean(4)),
                        vector(rs, 5))));
        List<Embedded<DocChunk>> docs = new ArrayList<>();
        read(
                c,
                scope,
                "SELECT " + DOC_COLUMNS + ", vector_send(embedding) FROM doc_chunks"
                        + " WHERE database_id = ?%s AND quarantine_reason IS NULL"
                        + " ORDER BY schema_name, table_name, chunk_kind, chunk_index",
                rs -> docs.add(new Embedded<>(docChunk(rs, 1), vector(rs, 9))));
        return new DatabaseVectors(tables, columns, docs);
    }

    /** The doc chunk in the {@link #DOC_COLUMNS} of {@code rs} from column {@code first} on. */
    private static DocChunk docChunk(ResultSet rs, int first) throws SQLException {
        return new DocChunk(
                new TableName(rs.getString(first), rs.getString(first + 1)),
                rs.getString(first + 2),
                DocKind.fromWireName(rs.getString(first + 3)),
                rs.getString(first + 4),
                SqlReads.stored(
                        JdbcArrays.stringsOrNull(rs.getArray(first + 5)),
                        JdbcArrays.stringsOrNull(rs.getArray(first + 6)),
                        (Boolean) rs.getObject(first + 7)));
    }

    private static float[] vector(ResultSet rs, int column) throws SQLException {
        PGvector vector = new PGvector();
        vector.setByteValue(rs.getBytes(column), 0);
        return vector.toArray();
    }

    private static void read(Connection c, Scope scope, String sql, RowReader reader) throws SQLException {
        try (PreparedStatement ps = scope.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) reader.read(rs);
        }
    }

    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private void search(
            String select, String databaseId, Set<String> schemas, float[] query, int topK, RowReader reader) {
        String sql =
                select + (schemas.isEmpty() ? "" : " AND schema_name = ANY (?)") + " ORDER BY embedding <=> ? LIMIT ?";
        try (Connection c = store.borrow()) {
            HnswScan.begin(c);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                PGvector vector = new PGvector(query);
                int i = 1;
                ps.setObject(i++, vector);
                ps.setString(i++, databaseId);
                if (!schemas.isEmpty()) ps.setArray(i++, c.createArrayOf("text", schemas.toArray()));
                ps.setObject(i++, vector);
                ps.setInt(i, topK);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) reader.read(rs);
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
        }
    }
}
