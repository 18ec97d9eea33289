package dev.schemarag.ingest.introspect;

/** The target database could not be read (unreachable, permission denied, ...). */
public final class IntrospectionException extends Exception {
    public IntrospectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
