package dev.schemarag.generation.validation;

import java.util.Optional;

/**
 * Function calls written as field access. PostgreSQL resolves {@code x.f} and {@code (x).f}, when {@code x} has no
 * column or field {@code f}, as the call {@code f(x)}: {@code g.pg_advisory_lock FROM generate_series(1, 1) g}
 * takes a lock and {@code (42).pg_terminate_backend} would kill a backend, with no "(" for the call check to see.
 * Names that would be unsafe as such a call are refused wherever they follow a dot; ordinary column names pass.
 */
final class AttributeNotation {

    private AttributeNotation() {
    }

    static Optional<String> violation(SqlTokens tokens) {
        for (int i = 1; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!tokens.symbolAt(i - 1, ".") || !token.isIdentifier() || tokens.symbolAt(i + 1, "(")) continue;
            String name = token.identifier();
            if (PostgresFunctions.isUnsafeAsField(name)) {
                return Optional.of("\"." + name + "\" would call the function " + name + " (attribute notation); "
                        + "it is not allowed");
            }
        }
        return Optional.empty();
    }
}
