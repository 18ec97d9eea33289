package dev.schemarag.generation.cache;

import java.io.Serial;

/** The answer cache's store could not be read or written; the cause is the adapter's own exception. */
public final class AnswerCacheException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    public AnswerCacheException(Throwable cause) {
        super(cause.getMessage(), cause);
    }
}
