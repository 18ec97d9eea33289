package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.MySqlQuoting;
import dev.schemarag.core.store.SqlQuoting;
import java.util.List;

/** Identifiers and comments as they may appear in the SQL text of a database's dialect. */
final class SqlText {

    private SqlText() {}

    /**
     * The identifier as written in SQL: bare when the database reads it back unchanged, quoted otherwise (PostgreSQL's
     * double quotes, MySQL's and MariaDB's backticks).
     */
    static String identifier(String name, SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRESQL
                ? SqlQuoting.identifierIfNeeded(name)
                : MySqlQuoting.identifierIfNeeded(name);
    }

    static String qualified(TableName table, SqlDialect dialect) {
        return identifier(table.schema(), dialect) + "." + identifier(table.table(), dialect);
    }

    static String columnList(List<String> columns, SqlDialect dialect) {
        return String.join(
                ", ", columns.stream().map(c -> identifier(c, dialect)).toList());
    }

    /** A comment on one line, so it cannot end the {@code --} comment it is put in. */
    static String oneLine(String comment) {
        return comment.strip().replaceAll("\\s+", " ");
    }
}
