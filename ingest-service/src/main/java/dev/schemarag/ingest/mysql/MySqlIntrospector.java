package dev.schemarag.ingest.mysql;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import dev.schemarag.ingest.introspect.TableDraft;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Adapter: introspects MySQL and MariaDB through {@code information_schema} — three set-based queries per call, like
 * {@link dev.schemarag.ingest.postgres.PostgresIntrospector}. A MySQL schema is a database: the tables' schema is the
 * database they are in. Types are MySQL's own ({@code COLUMN_TYPE}: {@code varchar(120)}, {@code decimal(12,2)},
 * {@code tinyint(1)} for a boolean). Reads structure and comments only, no rows.
 */
public final class MySqlIntrospector implements SchemaIntrospector {
    private static final String TABLES = """
            SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, TABLE_COMMENT
            FROM information_schema.TABLES
            WHERE TABLE_SCHEMA IN (%s) AND (? IS NULL OR TABLE_NAME = ?)
            ORDER BY TABLE_SCHEMA, TABLE_NAME""";
    private static final String COLUMNS = """
            SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE = 'YES', COLUMN_DEFAULT, COLUMN_COMMENT
            FROM information_schema.COLUMNS
            WHERE TABLE_SCHEMA IN (%s) AND (? IS NULL OR TABLE_NAME = ?)
            ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION""";
    /**
     * The key columns alone, without a join to {@code TABLE_CONSTRAINTS} for the constraint's type: MariaDB answers a
     * join of two {@code information_schema} tables by opening every table of every database for the second one,
     * hundreds of milliseconds on a server holding a thousand tables, on each table a change refreshes. The type
     * follows from the row itself: a foreign key names the table it references, a primary key is always named
     * {@code PRIMARY}, and the only other constraints listed here are unique ones.
     */
    private static final String KEYS = """
            SELECT TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME,
                   REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
            FROM information_schema.KEY_COLUMN_USAGE
            WHERE TABLE_SCHEMA IN (%s) AND (? IS NULL OR TABLE_NAME = ?)
            ORDER BY TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, REFERENCED_TABLE_NAME IS NULL, ORDINAL_POSITION""";

    private final Database target;
    private final List<String> schemas;

    public MySqlIntrospector(Database target, List<String> schemas) {
        this.target = target;
        this.schemas = List.copyOf(schemas);
    }

    @Override
    public SchemaCatalog introspect(String databaseId, List<String> onlySchemas) throws IntrospectionException {
        return new SchemaCatalog(databaseId, read(onlySchemas.isEmpty() ? schemas : onlySchemas, null));
    }

    @Override
    public Optional<Table> table(TableName name) throws IntrospectionException {
        return read(List.of(name.schema()), name.table()).stream().findFirst();
    }

    /**
     * No role reads anything through a mapping yet: MySQL's grants (user, role, database, table and column levels) are
     * not read, so a registration that maps principals to roles is refused rather than shown too much.
     */
    @Override
    public Map<TableName, TableAccess> access(List<String> inSchemas, Set<String> roles) throws IntrospectionException {
        if (!roles.isEmpty())
            throw new IntrospectionException(
                    "what roles may read is not introspected on MySQL or MariaDB yet; map no principals to roles on "
                            + target.url(),
                    null);
        return Map.of();
    }

    private List<Table> read(List<String> inSchemas, String onlyTable) throws IntrospectionException {
        try (Connection c = target.borrow()) {
            Map<TableName, TableDraft> drafts = new LinkedHashMap<>();
            query(c, TABLES, inSchemas, onlyTable, rs -> {
                TableName name = new TableName(rs.getString(1), rs.getString(2));
                boolean view = rs.getString(3).equals("VIEW");
                // MySQL gives a view the comment "VIEW"; it cannot have one of its own.
                drafts.put(name, new TableDraft(name, view, view ? null : blankToNull(rs.getString(4))));
            });
            query(c, COLUMNS, inSchemas, onlyTable, rs -> {
                TableDraft d = drafts.get(new TableName(rs.getString(1), rs.getString(2)));
                if (d != null)
                    d.addColumn(new Column(
                            rs.getString(3),
                            rs.getString(4),
                            rs.getBoolean(5),
                            defaultValue(rs.getString(6)),
                            blankToNull(rs.getString(7))));
            });
            readKeys(c, inSchemas, onlyTable, drafts);
            return drafts.values().stream().map(TableDraft::build).toList();
        } catch (SQLException e) {
            throw new IntrospectionException("cannot introspect " + target.url() + ": " + e.getMessage(), e);
        }
    }

    /** One row per key column, in key order: consecutive rows of one constraint make one key. */
    private static void readKeys(
            Connection c, List<String> inSchemas, String onlyTable, Map<TableName, TableDraft> drafts)
            throws SQLException {
        List<KeyColumn> keyColumns = new ArrayList<>();
        query(
                c,
                KEYS,
                inSchemas,
                onlyTable,
                rs -> keyColumns.add(new KeyColumn(
                        new TableName(rs.getString(1), rs.getString(2)),
                        rs.getString(3),
                        constraintType(rs.getString(3), rs.getString(6)),
                        rs.getString(4),
                        rs.getString(6) == null ? null : new TableName(rs.getString(5), rs.getString(6)),
                        rs.getString(7))));
        int i = 0;
        while (i < keyColumns.size()) {
            KeyColumn first = keyColumns.get(i);
            List<String> columns = new ArrayList<>();
            List<String> referenced = new ArrayList<>();
            for (; i < keyColumns.size() && keyColumns.get(i).sameConstraint(first); i++) {
                columns.add(keyColumns.get(i).column());
                referenced.add(keyColumns.get(i).referencedColumn());
            }
            TableDraft d = drafts.get(first.table());
            if (d == null) continue;
            switch (first.type()) {
                case "PRIMARY KEY" -> d.addPrimaryKey(columns);
                case "UNIQUE" -> d.addUnique(columns);
                default -> d.addForeignKey(new ForeignKey(first.name(), columns, first.referencedTable(), referenced));
            }
        }
    }

    private static String constraintType(String name, String referencedTable) {
        if (referencedTable != null) return "FOREIGN KEY";
        return name.equals("PRIMARY") ? "PRIMARY KEY" : "UNIQUE";
    }

    private record KeyColumn(
            TableName table,
            String name,
            String type,
            String column,
            TableName referencedTable,
            String referencedColumn) {
        boolean sameConstraint(KeyColumn other) {
            return table.equals(other.table) && name.equals(other.name) && type.equals(other.type);
        }
    }

    /** MariaDB spells a nullable column's missing default as the text NULL; MySQL as SQL NULL. */
    private static String defaultValue(String columnDefault) {
        return columnDefault == null || columnDefault.equals("NULL") ? null : columnDefault;
    }

    private static String blankToNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Connection c, String sql, List<String> inSchemas, String onlyTable, RowReader reader)
            throws SQLException {
        if (inSchemas.isEmpty()) return;
        String placeholders = String.join(", ", Collections.nCopies(inSchemas.size(), "?"));
        try (PreparedStatement ps = c.prepareStatement(sql.formatted(placeholders))) {
            int i = 1;
            for (String schema : inSchemas) ps.setString(i++, schema);
            ps.setString(i++, onlyTable);
            ps.setString(i, onlyTable);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) reader.read(rs);
            }
        }
    }
}
