package dev.schemarag.core.store;

import java.sql.Array;
import java.sql.SQLException;
import java.util.List;

/** PostgreSQL {@code text[]} values as immutable lists, for the adapters that read them. */
public final class JdbcArrays {
    private JdbcArrays() {}

    /** The elements of a text array; empty for SQL NULL. */
    public static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : elements(array);
    }

    /** The elements of a text array; null for SQL NULL, where a missing value means "not recorded". */
    public static List<String> stringsOrNull(Array array) throws SQLException {
        return array == null ? null : elements(array);
    }

    private static List<String> elements(Array array) throws SQLException {
        return List.of((String[]) array.getArray());
    }
}
