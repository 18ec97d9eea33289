package dev.schemarag.core.schema;

/** A schema-qualified table name; {@link #toString()} gives {@code schema.table}. */
public record TableName(String schema, String table) implements Comparable<TableName> {
    public TableName {
        if (schema == null || schema.isBlank()) throw new IllegalArgumentException("schema is required");
        if (table == null || table.isBlank()) throw new IllegalArgumentException("table is required");
    }

    /** Parses {@code schema.table}; a name without a dot is taken to be in {@code defaultSchema}. */
    public static TableName parse(String qualified, String defaultSchema) {
        int dot = qualified.indexOf('.');
        return dot < 0
                ? new TableName(defaultSchema, qualified)
                : new TableName(qualified.substring(0, dot), qualified.substring(dot + 1));
    }

    @Override
    public int compareTo(TableName o) {
        int c = schema.compareTo(o.schema);
        return c != 0 ? c : table.compareTo(o.table);
    }

    @Override
    public String toString() {
        return schema + "." + table;
    }
}
