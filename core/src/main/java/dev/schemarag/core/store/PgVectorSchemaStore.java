package dev.schemarag.core.store;

import com.pgvector.PGvector;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Adapter: the schema store in PostgreSQL + pgvector (tables {@code schema_embeddings}, {@code doc_chunks} and
 * {@code catalog_relationships}; the recorded privileges through {@link CatalogAccessStore}).
 * Writes are upserts on the entity's unique key, so replaying a change leaves the store as it was. Ingest writes
 * through its own port, which its postgres adapter maps onto this class; the CLI reads and cleans up here directly.
 */
public final class PgVectorSchemaStore {
    /** 12 parameters a row: well below the protocol's 65,535 a statement. */
    private static final int UPSERT_ROWS_PER_STATEMENT = 500;

    private static final String UPSERT_INTO = """
            INSERT INTO schema_embeddings (database_id, entity_type, schema_name, table_name, column_name, module,
                is_generic, stable_text, text_hash, m_schema_compact, definition, embedding, updated_at)
            VALUES
            """;
    private static final String UPSERT_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::vector, now())";
    private static final String UPSERT_ON_CONFLICT = """

            ON CONFLICT ON CONSTRAINT schema_embeddings_entity DO UPDATE SET
                module = excluded.module, is_generic = excluded.is_generic, stable_text = excluded.stable_text,
                text_hash = excluded.text_hash, m_schema_compact = excluded.m_schema_compact,
                definition = excluded.definition, embedding = excluded.embedding, updated_at = now()""";

    private final Database db;

    public PgVectorSchemaStore(Database db) {
        this.db = db;
    }

    /** Text hashes of every stored entity of a database, or of one table when {@code table} is given. */
    public synchronized Map<EntityKey, String> hashes(String databaseId, TableName table) throws SQLException {
        String sql =
                "SELECT entity_type, schema_name, table_name, column_name, text_hash FROM schema_embeddings WHERE database_id = ?"
                        + (table == null ? "" : " AND schema_name = ? AND table_name = ?");
        Map<EntityKey, String> hashes = new HashMap<>();
        try (Connection c = db.borrow();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, databaseId);
            if (table != null) {
                ps.setString(2, table.schema());
                ps.setString(3, table.table());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    EntityType type = EntityType.valueOf(rs.getString(1).toUpperCase(java.util.Locale.ROOT));
                    hashes.put(
                            new EntityKey(type, new TableName(rs.getString(2), rs.getString(3)), rs.getString(4)),
                            rs.getString(5));
                }
            }
        }
        return hashes;
    }

    /** Stored tables of a database. */
    public synchronized Set<TableName> tables(String databaseId) throws SQLException {
        Set<TableName> tables = new HashSet<>();
        try (Connection c = db.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT schema_name, table_name FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table'")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tables.add(new TableName(rs.getString(1), rs.getString(2)));
            }
        }
        return tables;
    }

    /** The database's counter in {@code catalog_versions}, bumped by every change to its rows; empty before any. */
    public OptionalLong catalogVersion(String databaseId) throws SQLException {
        try (Connection c = db.borrow();
                PreparedStatement ps =
                        c.prepareStatement("SELECT version FROM catalog_versions WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    /** Inserts or updates entities in one transaction. */
    public synchronized void upsert(String databaseId, Collection<StoredEntity> entities) throws SQLException {
        if (entities.isEmpty()) return;
        // One statement cannot update a row twice: a key given twice keeps its last entity, as row-by-row writes would.
        Map<EntityKey, StoredEntity> byKey = new LinkedHashMap<>();
        entities.forEach(e -> byKey.put(e.key(), e));
        List<StoredEntity> rows = List.copyOf(byKey.values());
        inTransaction(c -> {
            for (int from = 0; from < rows.size(); from += UPSERT_ROWS_PER_STATEMENT) {
                List<StoredEntity> chunk = rows.subList(from, Math.min(rows.size(), from + UPSERT_ROWS_PER_STATEMENT));
                try (PreparedStatement ps = c.prepareStatement(upsertSql(chunk.size()))) {
                    int i = 1;
                    for (StoredEntity e : chunk) {
                        ps.setString(i++, databaseId);
                        ps.setString(i++, e.key().type().sqlName());
                        ps.setString(i++, e.key().table().schema());
                        ps.setString(i++, e.key().table().table());
                        ps.setString(i++, e.key().column());
                        ps.setString(i++, e.module());
                        ps.setBoolean(i++, e.generic());
                        ps.setString(i++, e.stableText());
                        ps.setString(i++, e.textHash());
                        ps.setString(i++, e.compactSchema());
                        ps.setString(i++, e.definitionJson());
                        // A float4[] goes in binary and is cast to vector there: no float printed or parsed as text.
                        ps.setObject(i++, e.embedding());
                    }
                    ps.executeUpdate();
                }
            }
        });
    }

    /**
     * An upsert of {@code rows} rows in one statement: the statement-level catalog-version triggers then run once per
     * statement, not once per row, and the executor starts once.
     */
    private static String upsertSql(int rows) {
        return UPSERT_INTO + String.join(",\n", Collections.nCopies(rows, UPSERT_ROW)) + UPSERT_ON_CONFLICT;
    }

    /**
     * Updates the non-embedded fields of table rows (compact form, definition) whose text did not change.
     * Rows already equal are left untouched.
     */
    public synchronized void updateTableDefinitions(String databaseId, Map<TableName, TableDefinition> definitions)
            throws SQLException {
        if (definitions.isEmpty()) return;
        inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    UPDATE schema_embeddings SET m_schema_compact = ?, definition = ?::jsonb, updated_at = now()
                    WHERE database_id = ? AND entity_type = 'table' AND schema_name = ? AND table_name = ?
                      AND (m_schema_compact IS DISTINCT FROM ? OR definition IS DISTINCT FROM ?::jsonb)""")) {
                for (Map.Entry<TableName, TableDefinition> e : definitions.entrySet()) {
                    ps.setString(1, e.getValue().compactSchema());
                    ps.setString(2, e.getValue().definitionJson());
                    ps.setString(3, databaseId);
                    ps.setString(4, e.getKey().schema());
                    ps.setString(5, e.getKey().table());
                    ps.setString(6, e.getValue().compactSchema());
                    ps.setString(7, e.getValue().definitionJson());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        });
    }

    /** Deletes the given entities (e.g. dropped columns). */
    public synchronized int delete(String databaseId, Collection<EntityKey> keys) throws SQLException {
        if (keys.isEmpty()) return 0;
        int[] counts = new int[1];
        inTransaction(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("DELETE FROM schema_embeddings WHERE database_id = ? AND entity_type = ?"
                            + " AND schema_name = ? AND table_name = ? AND column_name = ?")) {
                for (EntityKey k : keys) {
                    ps.setString(1, databaseId);
                    ps.setString(2, k.type().sqlName());
                    ps.setString(3, k.table().schema());
                    ps.setString(4, k.table().table());
                    ps.setString(5, k.column());
                    ps.addBatch();
                }
                for (int n : ps.executeBatch()) counts[0] += Math.max(n, 0);
            }
        });
        return counts[0];
    }

    /** Deletes a table with its columns and doc chunks. */
    public synchronized int deleteTable(String databaseId, TableName table) throws SQLException {
        int[] counts = new int[1];
        inTransaction(c -> {
            for (String sql : List.of(
                    "DELETE FROM schema_embeddings WHERE database_id = ? AND schema_name = ? AND table_name = ?",
                    "DELETE FROM doc_chunks WHERE database_id = ? AND schema_name = ? AND table_name = ?")) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, databaseId);
                    ps.setString(2, table.schema());
                    ps.setString(3, table.table());
                    counts[0] += ps.executeUpdate();
                }
            }
        });
        return counts[0];
    }

    /** Text hashes of the stored doc chunks of a database, keyed by table/kind/index. */
    public synchronized Map<String, String> docHashes(String databaseId) throws SQLException {
        Map<String, String> hashes = new HashMap<>();
        try (Connection c = db.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT schema_name, table_name, chunk_kind, chunk_index, text_hash FROM doc_chunks WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    hashes.put(
                            StoredDocChunk.key(
                                    new TableName(rs.getString(1), rs.getString(2)), rs.getString(3), rs.getInt(4)),
                            rs.getString(5));
            }
        }
        return hashes;
    }

    /**
     * Replaces the doc chunks of a database: upserts the given ones, deletes the rest. A chunk whose text changed loses
     * its quarantine and what its SQL reads: both were about the text it had.
     */
    public synchronized void replaceDocChunks(String databaseId, Collection<StoredDocChunk> chunks, Set<String> keep)
            throws SQLException {
        inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO doc_chunks (database_id, schema_name, table_name, column_name, chunk_kind, chunk_index,
                        related_tables, keywords, token_estimate, content, text_hash, embedding, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
                    ON CONFLICT ON CONSTRAINT doc_chunks_entity DO UPDATE SET
                        column_name = excluded.column_name, related_tables = excluded.related_tables,
                        keywords = excluded.keywords, token_estimate = excluded.token_estimate, content = excluded.content,
                        text_hash = excluded.text_hash, embedding = excluded.embedding, updated_at = now(),
                        quarantine_reason = CASE WHEN doc_chunks.content = excluded.content
                            THEN doc_chunks.quarantine_reason END,
                        reads_tables = CASE WHEN doc_chunks.content = excluded.content THEN doc_chunks.reads_tables END,
                        reads_columns = CASE WHEN doc_chunks.content = excluded.content THEN doc_chunks.reads_columns END,
                        reads_whole_rows = CASE WHEN doc_chunks.content = excluded.content
                            THEN doc_chunks.reads_whole_rows END""")) {
                for (StoredDocChunk d : chunks) {
                    ps.setString(1, databaseId);
                    ps.setString(2, d.table().schema());
                    ps.setString(3, d.table().table());
                    ps.setString(4, d.column() == null ? "" : d.column());
                    ps.setString(5, d.kind());
                    ps.setInt(6, d.index());
                    ps.setArray(7, c.createArrayOf("text", d.relatedTables().toArray()));
                    ps.setArray(8, c.createArrayOf("text", d.keywords().toArray()));
                    ps.setInt(9, d.tokenEstimate());
                    ps.setString(10, d.content());
                    ps.setString(11, d.textHash());
                    ps.setObject(12, new PGvector(d.embedding()));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            try (PreparedStatement ps = c.prepareStatement(
                            "SELECT schema_name, table_name, chunk_kind, chunk_index FROM doc_chunks WHERE database_id = ?");
                    PreparedStatement del = c.prepareStatement(
                            "DELETE FROM doc_chunks WHERE database_id = ? AND schema_name = ? AND table_name = ? AND chunk_kind = ? AND chunk_index = ?")) {
                ps.setString(1, databaseId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        TableName t = new TableName(rs.getString(1), rs.getString(2));
                        if (keep.contains(StoredDocChunk.key(t, rs.getString(3), rs.getInt(4)))) continue;
                        del.setString(1, databaseId);
                        del.setString(2, t.schema());
                        del.setString(3, t.table());
                        del.setString(4, rs.getString(3));
                        del.setInt(5, rs.getInt(4));
                        del.addBatch();
                    }
                }
                del.executeBatch();
            }
        });
    }

    public synchronized List<Table> definitions(String databaseId, Set<String> schemas) throws SQLException {
        List<Table> tables = new ArrayList<>();
        try (Connection c = db.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT definition::text FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table'"
                                + " AND (?::text[] IS NULL OR schema_name = ANY (?::text[]))")) {
            ps.setString(1, databaseId);
            Array names = schemas == null ? null : c.createArrayOf("text", schemas.toArray());
            ps.setArray(2, names);
            ps.setArray(3, names);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tables.add(TableDefinitions.fromJson(rs.getString(1)));
            }
        }
        tables.sort(Comparator.comparing(Table::name));
        return tables;
    }

    /** The stored definitions, annotations included, of those of the given tables that are stored, in name order. */
    public synchronized List<Table> tableDefinitions(String databaseId, Set<TableName> tables) throws SQLException {
        List<Table> found = new ArrayList<>();
        try (Connection c = db.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT definition::text FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table'"
                                + " AND (schema_name, table_name) IN (SELECT * FROM unnest(?::text[], ?::text[]))")) {
            bindTables(c, ps, databaseId, tables);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) found.add(TableDefinitions.fromJson(rs.getString(1)));
            }
        }
        found.sort(Comparator.comparing(Table::name));
        return found;
    }

    /** The stored annotated and inferred edges from the given tables, as {@link #replaceRelationships} left them. */
    public synchronized List<ForeignKeyEdge> relationshipsFrom(String databaseId, Set<TableName> tables)
            throws SQLException {
        List<ForeignKeyEdge> edges = new ArrayList<>();
        try (Connection c = db.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT schema_name, table_name, columns, referenced_schema, referenced_table, referenced_columns,"
                                + " source, confidence FROM catalog_relationships WHERE database_id = ?"
                                + " AND (schema_name, table_name) IN (SELECT * FROM unnest(?::text[], ?::text[]))")) {
            bindTables(c, ps, databaseId, tables);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) edges.add(relationship(rs));
            }
        }
        return edges;
    }

    /** Parameters 1 to 3: the database, then the tables' schemas and names as two parallel arrays. */
    private static void bindTables(Connection c, PreparedStatement ps, String databaseId, Set<TableName> tables)
            throws SQLException {
        List<TableName> names = List.copyOf(tables);
        ps.setString(1, databaseId);
        ps.setArray(
                2, c.createArrayOf("text", names.stream().map(TableName::schema).toArray()));
        ps.setArray(
                3, c.createArrayOf("text", names.stream().map(TableName::table).toArray()));
    }

    public synchronized Set<TableName> replaceRelationships(
            String databaseId, Set<String> schemas, Collection<ForeignKeyEdge> edges) throws SQLException {
        for (ForeignKeyEdge e : edges)
            if (e.declared() || (schemas != null && !schemas.contains(e.from().schema())))
                throw new IllegalArgumentException("edge " + e.from() + " -> " + e.to() + " is not one to store here");
        Set<TableName> changed = new LinkedHashSet<>();
        inTransaction(c -> {
            Set<ForeignKeyEdge> stored = new HashSet<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT schema_name, table_name, columns, referenced_schema, referenced_table, referenced_columns,"
                            + " source, confidence FROM catalog_relationships WHERE database_id = ?"
                            + " AND (?::text[] IS NULL OR schema_name = ANY (?::text[]))")) {
                ps.setString(1, databaseId);
                Array names = schemas == null ? null : c.createArrayOf("text", schemas.toArray());
                ps.setArray(2, names);
                ps.setArray(3, names);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) stored.add(relationship(rs));
                }
            }
            Set<ForeignKeyEdge> current = new HashSet<>(edges);
            try (PreparedStatement del = c.prepareStatement(
                    "DELETE FROM catalog_relationships WHERE database_id = ? AND schema_name = ? AND table_name = ?"
                            + " AND columns = ? AND referenced_schema = ? AND referenced_table = ?")) {
                for (ForeignKeyEdge e : stored) {
                    if (current.contains(e)) continue;
                    bindEdgeKey(c, del, databaseId, e);
                    del.addBatch();
                    changed.add(e.from());
                }
                del.executeBatch();
            }
            try (PreparedStatement ins = c.prepareStatement("""
                    INSERT INTO catalog_relationships (database_id, schema_name, table_name, columns, referenced_schema,
                        referenced_table, referenced_columns, source, confidence)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                for (ForeignKeyEdge e : current) {
                    if (stored.contains(e)) continue;
                    bindEdgeKey(c, ins, databaseId, e);
                    ins.setArray(7, c.createArrayOf("text", e.toColumns().toArray()));
                    ins.setString(8, e.source().name().toLowerCase(Locale.ROOT));
                    ins.setDouble(9, e.confidence());
                    ins.addBatch();
                    changed.add(e.from());
                }
                ins.executeBatch();
            }
        });
        return changed;
    }

    /** See {@link CatalogAccessStore#replace}: the privileges and mapping of the database's roles, and its dialect. */
    public Set<TableName> replaceAccess(
            String databaseId, Principals principals, SqlDialect dialect, Map<TableName, TableAccess> access)
            throws SQLException {
        return new CatalogAccessStore(db).replace(databaseId, principals, dialect, access);
    }

    /** Parameters 1 to 6: the edge's key in {@code catalog_relationships} (database, from table and columns, to table). */
    private static void bindEdgeKey(Connection c, PreparedStatement ps, String databaseId, ForeignKeyEdge e)
            throws SQLException {
        ps.setString(1, databaseId);
        ps.setString(2, e.from().schema());
        ps.setString(3, e.from().table());
        ps.setArray(4, c.createArrayOf("text", e.fromColumns().toArray()));
        ps.setString(5, e.to().schema());
        ps.setString(6, e.to().table());
    }

    /**
     * A {@code catalog_relationships} row read from columns schema_name, table_name, columns, referenced_schema,
     * referenced_table, referenced_columns, source and confidence, in that order.
     */
    public static ForeignKeyEdge relationship(ResultSet rs) throws SQLException {
        return new ForeignKeyEdge(
                new TableName(rs.getString(1), rs.getString(2)),
                List.of((String[]) rs.getArray(3).getArray()),
                new TableName(rs.getString(4), rs.getString(5)),
                List.of((String[]) rs.getArray(6).getArray()),
                EdgeSource.valueOf(rs.getString(7).toUpperCase(Locale.ROOT)),
                rs.getDouble(8));
    }

    private interface Work {
        void run(Connection c) throws SQLException;
    }

    private void inTransaction(Work work) throws SQLException {
        try (Connection c = db.borrow()) {
            c.setAutoCommit(false);
            try {
                work.run(c);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }
}
