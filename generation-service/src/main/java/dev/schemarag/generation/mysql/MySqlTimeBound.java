package dev.schemarag.generation.mysql;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;

/**
 * The server's own time bound of one statement. MariaDB takes it with the statement ({@code SET STATEMENT
 * max_statement_time=<seconds> FOR …}, which ends with it); MySQL has no such prefix, and its optimizer hint would
 * have to go after the top-level SELECT, which a WITH query puts anywhere, so the session's {@code max_execution_time}
 * (milliseconds, read-only SELECTs) is set before each statement instead. Either way the server interrupts the query
 * (MariaDB error 1969, MySQL 3024), and the client's deadline is behind it.
 *
 * @param session what to run before the statement, if anything
 * @param prefix what goes in front of the statement's text
 */
record MySqlTimeBound(Optional<String> session, String prefix) {

    /** @param productName the driver's {@code DatabaseMetaData.getDatabaseProductName()}: "MariaDB" or "MySQL" */
    static MySqlTimeBound of(String productName, Duration timeout) {
        long millis = Math.max(1, timeout.toMillis());
        if ("MariaDB".equalsIgnoreCase(productName))
            return new MySqlTimeBound(
                    Optional.empty(),
                    "SET STATEMENT max_statement_time="
                            + BigDecimal.valueOf(millis, 3).toPlainString() + " FOR ");
        return new MySqlTimeBound(Optional.of("SET SESSION max_execution_time=" + millis), "");
    }

    /** {@code sql} as sent, after the prefix. */
    String statement(String sql) {
        return prefix + sql;
    }
}
