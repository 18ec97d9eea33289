package dev.schemarag.ingest.introspect;

import java.io.Serial;

/** The target database could not be read (unreachable, permission denied, ...). */
public final class IntrospectionException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    public IntrospectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
