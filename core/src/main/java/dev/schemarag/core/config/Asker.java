package dev.schemarag.core.config;

import java.util.Optional;

/**
 * Who asked a question: the principal the caller asserted (questions carry it), or none. Registrations map principals
 * to database roles ({@link Principals}).
 */
public record Asker(Optional<String> principal) {
    public static final Asker ANONYMOUS = new Asker(Optional.empty());

    public Asker {
        principal = principal.filter(p -> !p.isBlank());
    }

    /** The asker of a question whose principal is {@code principal}, null or blank for none. */
    public static Asker of(String principal) {
        return new Asker(Optional.ofNullable(principal));
    }

    /** The principal, or "no principal", for messages. */
    public String describe() {
        return principal.map(p -> "principal '" + p + "'").orElse("a question without a principal");
    }
}
