package dev.schemarag.generation.cache;

/** A table of the catalog that changed (its row in {@code catalog_table_versions}): at {@code version}. */
public record TableChange(String schema, String table, long version) {
    public String qualified() {
        return schema + "." + table;
    }
}
