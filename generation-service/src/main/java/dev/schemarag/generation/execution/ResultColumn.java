package dev.schemarag.generation.execution;

import java.util.Optional;

/**
 * A result column: its label, its type name as the database reports it and, when it is a plain column of a table,
 * that column as {@code schema.table.column} (what PII masking looks up); {@code masked} when its values are withheld
 * as PII.
 */
public record ResultColumn(String name, String type, Optional<String> source, boolean masked) {

    /** A column whose values are shown. */
    public ResultColumn(String name, String type, Optional<String> source) {
        this(name, type, source, false);
    }

    /** This column with its values withheld. */
    public ResultColumn withheld() {
        return new ResultColumn(name, type, source, true);
    }
}
