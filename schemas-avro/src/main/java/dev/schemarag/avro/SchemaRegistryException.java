package dev.schemarag.avro;

import java.io.Serial;

/**
 * An error answer of a Confluent-compatible schema registry: the HTTP status, the registry's own
 * {@code error_code} (e.g. 409 incompatible, 42201 invalid schema, 40401 subject not found,
 * 40403 schema not found) and its message. A registry that does not answer is a
 * {@link SchemaRegistryUnavailableException} instead.
 */
public final class SchemaRegistryException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    public static final int INCOMPATIBLE_SCHEMA = 409;
    public static final int INVALID_SCHEMA = 42201;
    public static final int SUBJECT_NOT_FOUND = 40401;
    public static final int VERSION_NOT_FOUND = 40402;
    public static final int SCHEMA_NOT_FOUND = 40403;

    private final int status;
    private final int errorCode;

    public SchemaRegistryException(int status, int errorCode, String message) {
        super(message);
        this.status = status;
        this.errorCode = errorCode;
    }

    public int status() {
        return status;
    }

    public int errorCode() {
        return errorCode;
    }
}
