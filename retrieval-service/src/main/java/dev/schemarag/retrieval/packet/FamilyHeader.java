package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.family.TableFamily;

/**
 * The comment a table family is written with, above its representative member's definition: the name pattern, how
 * many members there are, the first and last by their real names and how they follow each other, and that they share
 * the columns below. A query needs real names, so the line says how to read more than one member.
 */
public final class FamilyHeader {
    static final String LINE = "-- Table family %s: %d tables from %s to %s (%s), each with the columns of %s below;"
            + " read one by its name, several with UNION ALL\n";

    private FamilyHeader() {}

    /** The header, ending in a line feed, followed by the representative's definition. */
    public static String above(String definition, TableFamily family, TableName representative, SqlDialect dialect) {
        return LINE.formatted(
                        family.pattern(),
                        family.size(),
                        SqlText.qualified(family.first(), dialect),
                        SqlText.qualified(family.last(), dialect),
                        family.cadence(),
                        SqlText.qualified(representative, dialect))
                + definition;
    }
}
