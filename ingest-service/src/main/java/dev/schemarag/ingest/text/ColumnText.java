package dev.schemarag.ingest.text;

/**
 * The stored text of one column, its hash, whether the column's name is generic, and the text its vector is made of
 * (the stored text fitted to the {@link EmbedTextBudget}).
 */
public record ColumnText(String column, String text, String hash, boolean generic, String embedText) {}
