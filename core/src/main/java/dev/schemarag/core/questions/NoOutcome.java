package dev.schemarag.core.questions;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.schemarag.core.failure.ErrorClass;
import java.util.Locale;

/**
 * Why a client that asked a question reports no outcome at all. The client decides it, not a stage: it is never in a
 * failure record or on a dead-letter topic, so it is no {@link ErrorClass}; it shares the {@code errorClass} field of
 * an outcome view with them, under wire names of its own.
 */
public enum NoOutcome {
    /** No answer or failure came within the time the client waited. */
    TIMEOUT,
    /** No question pipeline is running to answer (the retrieval or generation group has no members). */
    NO_PIPELINE;

    /** e.g. {@code no_pipeline}; stable, read by scripts and agents. */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
