package dev.schemarag.retrieval.pgvector;

import com.pgvector.PGvector;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.HnswScan;
import dev.schemarag.core.store.TableDefinitions;
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
import dev.schemarag.retrieval.index.VectorSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    public Optional<IndexedDatabase> load(String databaseId) {
        try (Connection c = store.borrow()) {
            Optional<String> version = version(c, databaseId);
            if (version.isEmpty()) return Optional.empty();
            Map<TableName, List<IndexedColumn>> columns = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT schema_name, table_name, column_name, is_generic, stable_text,"
                            + " text_hash FROM schema_embeddings WHERE database_id = ? AND entity_type = 'column' ORDER BY id")) {
                ps.setString(1, databaseId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next())
                        columns.computeIfAbsent(new TableName(rs.getString(1), rs.getString(2)), t -> new ArrayList<>())
                                .add(new IndexedColumn(
                                        rs.getString(3), rs.getBoolean(4), rs.getString(5), rs.getString(6)));
                }
            }
            Map<TableName, IndexedTable> tables = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT module, is_generic, stable_text, definition::text,"
                            + " text_hash FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table' ORDER BY schema_name, table_name")) {
                ps.setString(1, databaseId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Table definition = TableDefinitions.fromJson(rs.getString(4));
                        List<IndexedColumn> cols =
                                inDefinitionOrder(definition, columns.getOrDefault(definition.name(), List.of()));
                        tables.put(
                                definition.name(),
                                new IndexedTable(
                                        definition,
                                        rs.getString(1),
                                        rs.getBoolean(2),
                                        rs.getString(3),
                                        rs.getString(5),
                                        cols));
                    }
                }
            }
            List<DocChunk> docs = new ArrayList<>();
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT schema_name, table_name, column_name, chunk_kind, content"
                            + " FROM doc_chunks WHERE database_id = ? ORDER BY schema_name, table_name, chunk_index")) {
                ps.setString(1, databaseId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next())
                        docs.add(new DocChunk(
                                new TableName(rs.getString(1), rs.getString(2)),
                                rs.getString(3),
                                DocKind.fromWireName(rs.getString(4)),
                                rs.getString(5)));
                }
            }
            return Optional.of(new IndexedDatabase(databaseId, version.get(), List.copyOf(tables.values()), docs));
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
        }
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
                "SELECT schema_name, table_name, 1 - (embedding <=> ?), column_name, chunk_kind, content FROM doc_chunks"
                        + " WHERE database_id = ?",
                databaseId,
                schemas,
                query,
                topK,
                rs -> hits.add(new DocHit(
                        new DocChunk(
                                new TableName(rs.getString(1), rs.getString(2)),
                                rs.getString(4),
                                DocKind.fromWireName(rs.getString(5)),
                                rs.getString(6)),
                        rs.getDouble(3))));
        return hits;
    }

    /**
     * Rows in key order, so that equal similarities rank the same way on every load. Vectors come in pgvector's binary
     * form ({@code vector_send}): parsing their text form would take several times longer.
     */
    @Override
    public DatabaseVectors vectors(String databaseId) {
        List<Embedded<TableName>> tables = new ArrayList<>();
        read(
                "SELECT schema_name, table_name, vector_send(embedding) FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table'"
                        + " ORDER BY schema_name, table_name",
                databaseId,
                rs -> tables.add(new Embedded<>(new TableName(rs.getString(1), rs.getString(2)), vector(rs, 3))));
        List<Embedded<DatabaseVectors.Column>> columns = new ArrayList<>();
        read(
                "SELECT schema_name, table_name, column_name, is_generic, vector_send(embedding) FROM schema_embeddings"
                        + " WHERE database_id = ? AND entity_type = 'column' ORDER BY schema_name, table_name, column_name",
                databaseId,
                rs -> columns.add(new Embedded<>(
                        new DatabaseVectors.Column(
                                new TableName(rs.getString(1), rs.getString(2)), rs.getString(3), rs.getBoolean(4)),
                        vector(rs, 5))));
        List<Embedded<DocChunk>> docs = new ArrayList<>();
        read(
                "SELECT schema_name, table_name, column_name, chunk_kind, content, vector_send(embedding) FROM doc_chunks WHERE database_id = ?"
                        + " ORDER BY schema_name, table_name, chunk_kind, chunk_index",
                databaseId,
                rs -> docs.add(new Embedded<>(
                        new DocChunk(
                                new TableName(rs.getString(1), rs.getString(2)),
                                rs.getString(3),
                                DocKind.fromWireName(rs.getString(4)),
                                rs.getString(5)),
                        vector(rs, 6))));
        return new DatabaseVectors(tables, columns, docs);
    }

    private static float[] vector(ResultSet rs, int column) throws SQLException {
        PGvector vector = new PGvector();
        vector.setByteValue(rs.getBytes(column), 0);
        return vector.toArray();
    }

    private void read(String sql, String databaseId, RowReader reader) {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) reader.read(rs);
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
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
