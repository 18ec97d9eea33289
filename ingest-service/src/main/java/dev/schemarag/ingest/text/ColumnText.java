package dev.schemarag.ingest.text;

/** The embedding text of one column, its hash, and whether the column's name is generic. */
public record ColumnText(String column, String text, String hash, boolean generic) {}
