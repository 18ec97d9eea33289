package dev.schemarag.core.store;

/**
 * One row of the schema store: the embedded text, its hash, and the vector. Table rows also carry the compact
 * prompt form and the full definition (JSON) that context packets are rendered from.
 */
public record StoredEntity(
        EntityKey key,
        String module,
        boolean generic,
        String stableText,
        String textHash,
        String compactSchema,
        String definitionJson,
        float[] embedding) {}
