package dev.schemarag.core.store;

/** What a row of the schema store describes. */
public enum EntityType {
    TABLE,
    COLUMN;

    public String sqlName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
