package dev.schemarag.generation.validation;

import java.util.Optional;

/**
 * Function calls written as field access. PostgreSQL resolves {@code x.f} and {@code (x).f}, when {@code x} has no
 * column or field {@code f}, as the call {@code f(x)}: {@code g.pg_advisory_lock FROM generate_series(1, 1) g}
 * takes a lock and {@code (42).pg_terminate_backend} would kill a backend, with no "(" for the call check to see.
 * Field selection from an expression ({@code (x).f}, {@code x[1].f}) is refused outright, since answering a
 * question never needs composite fields and a denylist of names is only as good as its list; after a plain name
 * ({@code alias.f}, a column reference) only names that would be unsafe as such a call are refused.
 */
final class AttributeNotation {

    private AttributeNotation() {}

    static Optional<String> violation(SqlTokens tokens) {
        for (int i = 1; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!tokens.symbolAt(i - 1, ".") || !token.isIdentifier() || tokens.symbolAt(i + 1, "(")) continue;
            String name = token.identifier();
            if (tokens.symbolAt(i - 2, ")") || tokens.symbolAt(i - 2, "]")) {
                return Optional.of("field selection from an expression (\"(...)." + name + "\", attribute notation) "
                        + "is not allowed");
            }
            if (PostgresFunctions.isUnsafeAsField(name)) {
                return Optional.of("\"." + name + "\" would call the function " + name + " (attribute notation); "
                        + "it is not allowed");
            }
        }
        return Optional.empty();
    }
}
