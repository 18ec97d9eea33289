package dev.schemarag.generation.validation;

import java.util.Objects;

/**
 * Whether a failed query goes back to the generator, and with which instruction. The number of attempts is the
 * repair loop's setting, not the policy's: the policy only says whether another attempt can help.
 */
public record RetryPolicy(boolean retried, String instruction) {

    public RetryPolicy {
        Objects.requireNonNull(instruction, "instruction");
        if (retried && instruction.isBlank()) throw new IllegalArgumentException("a retry needs an instruction");
    }

    public static RetryPolicy never() {
        return new RetryPolicy(false, "");
    }

    public static RetryPolicy retryWith(String instruction) {
        return new RetryPolicy(true, instruction);
    }
}
