package dev.schemarag.retrieval.index;

/** One column row of the store: the column's name, generic flag and the stable text that was embedded. */
public record IndexedColumn(String name, boolean generic, String text) {
}
