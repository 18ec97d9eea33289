package dev.schemarag.ingest.text;

import java.util.regex.Pattern;

/**
 * The date a table name ends with, as date-sharded exports name their tables ({@code sessions_20240101},
 * {@code ledger_2024_01}): written as {@code <date>} in embedded texts, so that the members of a table family embed
 * the same texts and get their vectors once. The digits tell a sentence encoder nothing it could match a question
 * with; the stored text keeps the real name for lexical search and packets. Only a year with a month (and maybe a
 * day) counts: a bare number such as {@code _2024} may be anything.
 */
final class DateSuffix {
    private static final Pattern SUFFIX =
            Pattern.compile("_(?:19|20)\\d{2}_?(?:0[1-9]|1[0-2])(?:_?(?:0[1-9]|[12]\\d|3[01]))?$");

    private DateSuffix() {}

    /** {@code name} with a trailing date written as {@code <date>}; other names unchanged. */
    static String generalized(String name) {
        return SUFFIX.matcher(name).replaceFirst("_<date>");
    }
}
