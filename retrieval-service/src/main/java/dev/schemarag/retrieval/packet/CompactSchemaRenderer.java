package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a table as one m_schema line, e.g. {@code hr.leave_requests (leave_id bigint PK, employee_id bigint
 * FK→employees, reason text) -- Leave taken}: a third of the tokens of {@code CREATE TABLE}, with keys marked inline.
 * A referenced table in the same schema is named without it.
 */
public final class CompactSchemaRenderer {
    private CompactSchemaRenderer() {}

    public static String render(Table table, SqlDialect dialect) {
        List<String> columns = new ArrayList<>();
        for (Column column : table.columns()) {
            StringBuilder item = new StringBuilder(SqlText.identifier(column.name(), dialect))
                    .append(' ')
                    .append(column.dataType());
            if (table.isPrimaryKey(column.name())) item.append(" PK");
            table.foreignKeyOf(column.name())
                    .ifPresent(fk -> item.append(" FK→").append(target(table.name(), fk.referencedTable(), dialect)));
            columns.add(item.toString());
        }
        String line = SqlText.qualified(table.name(), dialect) + (table.view() ? " VIEW" : "") + " ("
                + String.join(", ", columns) + ")";
        return table.hasComment() ? line + " -- " + SqlText.oneLine(table.comment()) : line;
    }

    private static String target(TableName owner, TableName referenced, SqlDialect dialect) {
        return owner.schema().equals(referenced.schema())
                ? SqlText.identifier(referenced.table(), dialect)
                : SqlText.qualified(referenced, dialect);
    }
}
