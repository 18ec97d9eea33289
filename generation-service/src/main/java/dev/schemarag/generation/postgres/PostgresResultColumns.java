package dev.schemarag.generation.postgres;

import dev.schemarag.generation.execution.ResultColumn;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.postgresql.PGResultSetMetaData;

/** Labels, PostgreSQL type names and, for plain table columns, the column they read. */
final class PostgresResultColumns {
    private PostgresResultColumns() {}

    static List<ResultColumn> of(ResultSetMetaData metaData) throws SQLException {
        PGResultSetMetaData base = metaData.unwrap(PGResultSetMetaData.class);
        List<ResultColumn> columns = new ArrayList<>();
        for (int i = 1; i <= metaData.getColumnCount(); i++) {
            String table = base.getBaseTableName(i);
            Optional<String> source = table.isEmpty()
                    ? Optional.empty()
                    : Optional.of(base.getBaseSchemaName(i) + "." + table + "." + base.getBaseColumnName(i));
            columns.add(new ResultColumn(metaData.getColumnLabel(i), metaData.getColumnTypeName(i), source));
        }
        return columns;
    }
}
