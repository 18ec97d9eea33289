package dev.schemarag.app.mcp;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The table docs as ingest stored them (the docs' chunks in the RAG store), read back as one markdown text per table:
 * the MCP server's resources.
 */
public final class StoredTableDocs {
    /** The order a reader expects: what the table is, its columns, its relationships, then queries and examples. */
    private static final String KIND_ORDER = "CASE chunk_kind WHEN 'overview' THEN 0 WHEN 'column' THEN 1"
            + " WHEN 'relationship' THEN 2 WHEN 'query' THEN 3 ELSE 4 END";

    private final Database store;

    public StoredTableDocs(Database store) {
        this.store = store;
    }

    /** The tables of a database that have docs. */
    List<TableName> documented(String databaseId) throws SQLException {
        List<TableName> tables = new ArrayList<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("SELECT DISTINCT schema_name, table_name FROM doc_chunks"
                        + " WHERE database_id = ? ORDER BY schema_name, table_name")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tables.add(new TableName(rs.getString(1), rs.getString(2)));
            }
        }
        return tables;
    }

    /** The table's doc chunks joined in reading order; empty when the table has none. */
    Optional<String> markdown(String databaseId, TableName table) throws SQLException {
        StringBuilder text = new StringBuilder();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("SELECT content FROM doc_chunks"
                        + " WHERE database_id = ? AND schema_name = ? AND table_name = ? ORDER BY " + KIND_ORDER
                        + ", chunk_index")) {
            ps.setString(1, databaseId);
            ps.setString(2, table.schema());
            ps.setString(3, table.table());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (!text.isEmpty()) text.append("\n\n");
                    text.append(rs.getString(1).strip());
                }
            }
        }
        return text.isEmpty() ? Optional.empty() : Optional.of(text.append('\n').toString());
    }
}
