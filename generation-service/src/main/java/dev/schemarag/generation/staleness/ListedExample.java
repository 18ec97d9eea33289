package dev.schemarag.generation.staleness;

import java.time.Instant;
import java.util.List;

/**
 * A served or quarantined example as {@code examples list} and {@code db docs --check} show it.
 *
 * @param source {@code doc} or {@code validated}
 * @param status {@code documented} or {@code approved}
 * @param tables what its SQL reads, as parsed when it was stored; empty when it did not parse
 * @param quarantineReason why it is quarantined, null when it is served
 * @param quarantinedAt since when, null when it is served
 */
public record ListedExample(
        long id,
        String source,
        String status,
        String question,
        List<String> tables,
        List<String> columns,
        String quarantineReason,
        Instant quarantinedAt) {

    public ListedExample {
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
    }

    public boolean quarantined() {
        return quarantineReason != null;
    }
}
