package dev.schemarag.core.relationships;

/**
 * Where a join edge comes from, strongest first: a constraint the database enforces, a relationship an annotation
 * file declares, or one inferred from the catalog's names, types and comments.
 */
public enum EdgeSource {
    DECLARED,
    ANNOTATED,
    INFERRED;

    /** The confidence every edge of this source carries, except inferred ones, which carry their rule's. */
    public static final double DECLARED_CONFIDENCE = 1.0;

    public static final double ANNOTATED_CONFIDENCE = 0.95;
}
