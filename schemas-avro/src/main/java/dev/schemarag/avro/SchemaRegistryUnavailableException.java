package dev.schemarag.avro;

import java.io.Serial;
import org.apache.kafka.common.errors.RetriableException;

/**
 * The schema registry could not be reached (connection refused, I/O error, timeout, HTTP 5xx or 429) for the whole
 * retry budget of the client. It says nothing about the record being read or written, so it is never a reason to
 * dead-letter one: it is a {@link RetriableException}, and the stream fails the task so the record is processed again.
 */
public final class SchemaRegistryUnavailableException extends RetriableException {
    @Serial
    private static final long serialVersionUID = 1L;

    public SchemaRegistryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
