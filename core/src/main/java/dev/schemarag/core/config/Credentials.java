package dev.schemarag.core.config;

/** A PostgreSQL login. The password never appears in {@link #toString()}, so logging a configuration cannot leak it. */
public record Credentials(String user, String password) {
    public Credentials {
        if (user == null || user.isBlank()) throw new IllegalArgumentException("credentials need a non-empty user");
    }

    @Override
    public String toString() {
        return user + " (password hidden)";
    }
}
