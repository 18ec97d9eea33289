package dev.schemarag.ingest.docs;

/** Which part of a table's documentation a {@link DocChunk} comes from. */
public enum ChunkKind {
    /** Purpose, business context and notes of the table. */
    OVERVIEW,
    /** One documented column. */
    COLUMN,
    /** One documented query pattern with its SQL. */
    QUERY,
    /** The table's relationships to other tables. */
    RELATIONSHIP,
    /** Worked examples. */
    EXAMPLE
}
