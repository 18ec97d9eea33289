package dev.schemarag.generation.examples;

import java.io.Serial;

/**
 * The store of verified examples could not be read or written (unreachable, out of connections, a failing
 * statement). It carries the adapter's own exception as its cause, so that logs and the transient-failure check
 * still see the driver's SQLSTATE while the domain knows nothing of JDBC.
 */
public final class ExampleStoreException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    /** With the cause's own message: what the store said is what an operator reads. */
    public ExampleStoreException(Throwable cause) {
        super(cause.getMessage(), cause);
    }
}
