package dev.schemarag.generation.staleness;

import dev.schemarag.generation.examples.ExampleDependencies;

/**
 * A served or quarantined example as the store holds it.
 *
 * @param source {@code doc} (a Common Query of a table doc) or {@code validated} (an approved answer)
 * @param quarantineReason why it is quarantined, null when it is served
 */
public record StoredExample(
        long id,
        String databaseId,
        String source,
        String question,
        String sql,
        ExampleDependencies reads,
        String quarantineReason) {

    public boolean quarantined() {
        return quarantineReason != null;
    }
}
