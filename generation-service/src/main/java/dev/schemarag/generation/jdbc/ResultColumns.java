package dev.schemarag.generation.jdbc;

import dev.schemarag.generation.execution.ResultColumn;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/** A driver's way to name the columns of a result: labels, type names and, where it knows, the column each reads. */
@FunctionalInterface
public interface ResultColumns {
    List<ResultColumn> of(ResultSetMetaData metaData) throws SQLException;
}
