package dev.schemarag.generation.execution;

import java.util.Optional;

/**
 * A result column: its label, its PostgreSQL type name and, when it is a plain column of a table, that column as
 * {@code schema.table.column} (what PII masking looks up).
 */
public record ResultColumn(String name, String type, Optional<String> source) {}
