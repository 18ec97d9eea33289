package dev.schemarag.generation.validation;

import java.util.Objects;

/** Whether a generated query may be executed; a blocked verdict names the reason. */
public record SafetyVerdict(boolean allowed, String reason) {

    public SafetyVerdict {
        Objects.requireNonNull(reason, "reason");
        if (!allowed && reason.isBlank()) throw new IllegalArgumentException("a blocked verdict needs a reason");
    }

    public static SafetyVerdict allow() {
        return new SafetyVerdict(true, "");
    }

    public static SafetyVerdict block(String reason) {
        return new SafetyVerdict(false, reason);
    }

    public boolean blocked() {
        return !allowed;
    }
}
