package dev.schemarag.core.annotations;

import java.io.Serial;

/** An annotations file exists but cannot be used; the message names the file and what is wrong with it. */
public final class AnnotationsException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    public AnnotationsException(String message, Throwable cause) {
        super(message, cause);
    }

    public AnnotationsException(String message) {
        super(message);
    }
}
