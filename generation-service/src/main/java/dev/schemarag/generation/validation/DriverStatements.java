package dev.schemarag.generation.validation;

import java.sql.SQLException;
import org.postgresql.core.Parser;

/**
 * How many statements the PostgreSQL JDBC driver will send for a text. The driver splits on its own reading of
 * the text (not ours, not JSqlParser's) and sends every part, even through a PreparedStatement, so a text that
 * the guard judged as one statement must also be one statement to the driver. Empty statements ({@code ;;}) and
 * parts holding only a comment ({@code SELECT 1; -- done}) reach the server as empty queries and do not count.
 */
public final class DriverStatements {

    public static final String MULTIPLE_STATEMENTS =
            "multiple statements are not allowed (the JDBC driver splits the text)";

    private DriverStatements() {}

    /**
     * The statements the driver would send for {@code sql} as a plain (unparameterised) Statement, on a session with
     * standard_conforming_strings on (the only kind validation runs on); -1 when it cannot parse it.
     */
    static int count(String sql) {
        try {
            return (int) Parser.parseJdbcSql(sql, true, false, true, false, false).stream()
                    .filter(part -> hasContent(part.nativeSql))
                    .count();
        } catch (SQLException | RuntimeException e) {
            return -1;
        }
    }

    private static boolean hasContent(String part) {
        SqlTokens tokens = SqlLexer.tokenize(part);
        return tokens.size() > 0 || tokens.unclosed().isPresent();
    }

    public static boolean isSingle(String sql) {
        return count(sql) == 1;
    }
}
