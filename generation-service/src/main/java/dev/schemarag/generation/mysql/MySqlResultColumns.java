package dev.schemarag.generation.mysql;

import dev.schemarag.generation.execution.ResultColumn;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Labels, MySQL type names and, for plain table columns, the column they read ("database.table.column": a MySQL
 * schema is its database), from the column definitions the server sends with the result.
 */
final class MySqlResultColumns {
    private MySqlResultColumns() {}

    static List<ResultColumn> of(ResultSetMetaData metaData) throws SQLException {
        List<ResultColumn> columns = new ArrayList<>();
        for (int i = 1; i <= metaData.getColumnCount(); i++) {
            String table = metaData.getTableName(i);
            String column = metaData.getColumnName(i);
            Optional<String> source = table == null || table.isEmpty() || column == null || column.isEmpty()
                    ? Optional.empty()
                    : Optional.of(metaData.getCatalogName(i) + "." + table + "." + column);
            columns.add(new ResultColumn(metaData.getColumnLabel(i), metaData.getColumnTypeName(i), source));
        }
        return columns;
    }
}
