package dev.schemarag.generation.validation;

import dev.schemarag.core.store.SqlQuoting;

/** PostgreSQL identifier rules: unquoted names fold to lower case, quoted names keep their exact spelling. */
final class Identifiers {

    private Identifiers() {}

    /**
     * The identifier as the database sees it: quotes (or SQLite backticks) removed, unquoted text lower-cased the
     * way PostgreSQL does it, ASCII letters only (Java would also fold e.g. the Kelvin sign into an ASCII "k").
     */
    static String normalize(String identifier) {
        if (identifier == null) return null;
        int last = identifier.length() - 1;
        if (last > 0 && identifier.charAt(0) == '"' && identifier.charAt(last) == '"') {
            return identifier.substring(1, last).replace("\"\"", "\"");
        }
        if (last > 0 && identifier.charAt(0) == '`' && identifier.charAt(last) == '`') {
            return identifier.substring(1, last);
        }
        return asciiLowerCase(identifier);
    }

    private static String asciiLowerCase(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') chars[i] = (char) (chars[i] + ('a' - 'A'));
        }
        return new String(chars);
    }

    static boolean isQuoted(String identifier) {
        return identifier != null
                && !identifier.isEmpty()
                && (identifier.charAt(0) == '"' || identifier.charAt(0) == '`');
    }

    /** SQL text for a resolved name, quoted only when PostgreSQL would otherwise fold or reject it. */
    static String quoteIfNeeded(String name) {
        return SqlQuoting.identifierIfNeeded(name);
    }

    static boolean isReserved(String lowerCaseWord) {
        return SqlQuoting.isReserved(lowerCaseWord);
    }

    static String quote(String name) {
        return SqlQuoting.identifier(name);
    }
}
