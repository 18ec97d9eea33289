package dev.schemarag.core.config;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Who may ask questions about a database, and as which database role each question runs: {@code roles} maps a
 * principal to a role; {@code defaultRole} (or null) serves questions that name no principal. A question without a
 * principal and without a default role runs as the reader itself, as before principals existed.
 */
public record Principals(Map<String, String> roles, String defaultRole) {
    public static final Principals NONE = new Principals(Map.of(), null);

    public Principals {
        // Sorted, so that the databases file and `db principal list` show them in a stable order.
        roles = roles == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(roles));
        roles.forEach((principal, role) -> {
            requireName("principal", principal);
            requireName("role of principal " + principal, role);
        });
        if (defaultRole != null) requireName("defaultRole", defaultRole);
    }

    /** Whether a question of {@code asker} may be answered at all: one without a principal always may. */
    public boolean admits(Asker asker) {
        return asker.principal().map(roles::containsKey).orElse(true);
    }

    /** The role a question of an {@link #admits admitted} asker runs as; empty for the reader itself. */
    public Optional<String> roleOf(Asker asker) {
        return asker.principal().map(roles::get).or(() -> Optional.ofNullable(defaultRole));
    }

    /** Why a question of {@code asker}, which these principals do not admit, is refused, and how to admit it. */
    public static String refusal(String databaseId, Asker asker) {
        return asker.describe() + " is not mapped to a role on database '" + databaseId
                + "' (schemarag db principal add " + databaseId + " <principal> --role <role>)";
    }

    /** These principals with {@code principal} mapped to {@code role}. */
    public Principals with(String principal, String role) {
        Map<String, String> next = new TreeMap<>(roles);
        next.put(principal, role);
        return new Principals(next, defaultRole);
    }

    /** These principals without {@code principal}. */
    public Principals without(String principal) {
        Map<String, String> next = new TreeMap<>(roles);
        next.remove(principal);
        return new Principals(next, defaultRole);
    }

    private static void requireName(String what, String name) {
        if (name == null || name.isBlank()) throw new IllegalArgumentException(what + " must not be empty");
    }
}
