package dev.schemarag.ingest.changes;

/**
 * One row of {@code schemarag_cdc.ddl_events} as Debezium delivers it: a DDL command that touched a table.
 * {@code previousTable} is {@code schema.table} before a rename; {@code commentText} is set for COMMENT commands.
 */
public record DdlEvent(
        long id,
        String commandTag,
        String objectType,
        String schema,
        String table,
        String column,
        String previousTable,
        String commentText,
        String sourcePosition,
        long commitMillis) {}
