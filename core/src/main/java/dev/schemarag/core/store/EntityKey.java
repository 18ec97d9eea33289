package dev.schemarag.core.store;

import dev.schemarag.core.schema.TableName;

/** Identifies one stored entity of a database: a table (column "") or one of its columns. */
public record EntityKey(EntityType type, TableName table, String column) {
    public static EntityKey table(TableName table) {
        return new EntityKey(EntityType.TABLE, table, "");
    }

    public static EntityKey column(TableName table, String column) {
        return new EntityKey(EntityType.COLUMN, table, column);
    }
}
