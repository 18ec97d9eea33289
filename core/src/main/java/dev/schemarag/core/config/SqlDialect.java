package dev.schemarag.core.config;

import java.util.Optional;

/**
 * The SQL a target database speaks, which decides how generated SQL is read and guarded before it reaches it, how
 * its context packets quote names and which dialect the model is asked to write. A registration accepts all three;
 * MySQL and MariaDB have a read-only guard, introspection, validation and execution of their own (issue 26).
 */
public enum SqlDialect {
    POSTGRESQL,
    MYSQL,
    MARIADB;

    /**
     * The dialect of the database a JDBC URL names, from its driver prefix as each driver matches it (case-sensitive):
     * {@code jdbc:postgresql:}, {@code jdbc:mysql:} (also {@code jdbc:mysql+srv:}), {@code jdbc:mariadb:}; empty for
     * any other URL, which no guard knows how to read.
     */
    public static Optional<SqlDialect> ofJdbcUrl(String jdbcUrl) {
        if (jdbcUrl == null) return Optional.empty();
        if (jdbcUrl.startsWith("jdbc:postgresql:")) return Optional.of(POSTGRESQL);
        if (jdbcUrl.startsWith("jdbc:mysql:") || jdbcUrl.startsWith("jdbc:mysql+srv:")) return Optional.of(MYSQL);
        if (jdbcUrl.startsWith("jdbc:mariadb:")) return Optional.of(MARIADB);
        return Optional.empty();
    }
}
