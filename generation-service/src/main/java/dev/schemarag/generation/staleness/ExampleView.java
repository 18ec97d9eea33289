package dev.schemarag.generation.staleness;

import java.util.List;

/**
 * A {@link ListedExample} as people read it: the JSON of {@code examples list --json} and of the web console's
 * {@code GET /api/examples}. {@code reason} and {@code quarantinedAt} are null for a served example.
 *
 * @param state {@code served} or {@code quarantined}
 */
public record ExampleView(
        long id,
        String source,
        String status,
        String state,
        String question,
        List<String> tables,
        List<String> columns,
        String reason,
        String quarantinedAt) {
    public static final String SERVED = "served";
    public static final String QUARANTINED = "quarantined";

    public static ExampleView of(ListedExample e) {
        return new ExampleView(
                e.id(),
                e.source(),
                e.status(),
                e.quarantined() ? QUARANTINED : SERVED,
                e.question(),
                e.tables(),
                e.columns(),
                e.quarantineReason(),
                e.quarantinedAt() == null ? null : e.quarantinedAt().toString());
    }
}
