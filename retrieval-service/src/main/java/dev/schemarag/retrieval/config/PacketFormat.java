package dev.schemarag.retrieval.config;

/** How tables are written into the context packet. */
public enum PacketFormat {
    /** {@code CREATE TABLE} statements with constraints and comments. */
    CREATE_TABLE,
    /** One m_schema line per table: {@code leave_requests (leave_id bigint PK, employee_id bigint FK→employees)}. */
    COMPACT
}
