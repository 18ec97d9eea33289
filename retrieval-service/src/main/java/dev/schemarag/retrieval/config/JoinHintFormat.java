package dev.schemarag.retrieval.config;

/** How join hints between selected tables are written ({@code JOIN_HINT_FORMAT}). */
public enum JoinHintFormat {
    /** One join condition per foreign key: {@code orders.customer_id = customers.customer_id}. */
    EDGES,
    /** Foreign-key paths from the best-ranked table: {@code a -> b -> c}. */
    PATHS,
    BOTH,
    NONE
}
