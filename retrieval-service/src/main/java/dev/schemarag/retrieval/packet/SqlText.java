package dev.schemarag.retrieval.packet;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.SqlQuoting;
import java.util.List;

/** Identifiers and comments as they may appear in PostgreSQL text. */
final class SqlText {

    private SqlText() {}

    /** The identifier as written in SQL: bare when PostgreSQL reads it back unchanged, double-quoted otherwise. */
    static String identifier(String name) {
        return SqlQuoting.identifierIfNeeded(name);
    }

    static String qualified(TableName table) {
        return identifier(table.schema()) + "." + identifier(table.table());
    }

    static String columnList(List<String> columns) {
        return String.join(", ", columns.stream().map(SqlText::identifier).toList());
    }

    /** A comment on one line, so it cannot end the {@code --} comment it is put in. */
    static String oneLine(String comment) {
        return comment.strip().replaceAll("\\s+", " ");
    }
}
