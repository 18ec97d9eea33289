package dev.schemarag.ingest.sync;

import java.io.Serial;

/**
 * The schema store could not be read or written (unreachable, restarting, out of connections, a refused statement).
 * It carries the adapter's own exception as its cause: the outage retry tells a transient failure from a permanent
 * one by the SQLSTATE it finds there, while the domain knows nothing of JDBC.
 */
public final class SchemaStoreException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    /** With the cause's own message: what the store said is what an operator reads. */
    public SchemaStoreException(Throwable cause) {
        super(cause.getMessage(), cause);
    }
}
