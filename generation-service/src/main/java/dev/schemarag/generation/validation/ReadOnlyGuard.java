package dev.schemarag.generation.validation;

/**
 * Port: decides whether a generated statement is one read-only query, reading it with the lexical rules and
 * built-ins of one SQL dialect. Each dialect has its own implementation ({@link ReadOnlySafetyGuard} for PostgreSQL,
 * {@link MySqlReadOnlyGuard} for MySQL and MariaDB), since the same text can be a harmless literal to one database
 * and a second statement to another; {@link ReadOnlyGuards} picks the one for a database.
 */
public interface ReadOnlyGuard {

    /** Never throws for any input: text the guard cannot read is blocked. */
    SafetyVerdict check(String sql);
}
