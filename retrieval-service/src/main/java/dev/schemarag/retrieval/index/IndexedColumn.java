package dev.schemarag.retrieval.index;

/**
 * One column row of the store: the column's name, generic flag, the stable text that was embedded and the stored
 * {@code stamp} of its vector (see {@code TextHash.stamp}).
 */
public record IndexedColumn(String name, boolean generic, String text, String stamp) {}
