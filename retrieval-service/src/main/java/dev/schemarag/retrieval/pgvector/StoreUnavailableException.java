package dev.schemarag.retrieval.pgvector;

import java.io.Serial;
import java.sql.SQLException;

/** The pgvector store could not be queried; the retriever falls back or fails the question with this cause. */
public final class StoreUnavailableException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    public StoreUnavailableException(SQLException cause) {
        super("schema store unavailable: " + cause.getMessage(), cause);
    }
}
