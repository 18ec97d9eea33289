package dev.schemarag.generation.validation;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Locale;
import java.util.Map;

/**
 * Maps a MySQL or MariaDB error to an {@link ErrorClass}. The server's error number decides, since its SQLSTATEs are
 * too coarse: 42000 is a syntax error (1064) as well as a table the reader may not read (1142), and both timeouts say
 * HY000 or 70100. An error number not listed falls back to its SQLSTATE's class (08: the connection, 22: the data).
 */
public final class MySqlErrorClassifier {

    private static final Map<Integer, ErrorClass> BY_CODE = Map.ofEntries(
            // errors in the query itself, which the generator can repair
            Map.entry(1064, ErrorClass.SQL_ERROR), // ER_PARSE_ERROR
            Map.entry(1146, ErrorClass.SQL_ERROR), // ER_NO_SUCH_TABLE (42S02)
            Map.entry(1054, ErrorClass.SQL_ERROR), // ER_BAD_FIELD_ERROR (42S22)
            Map.entry(1052, ErrorClass.SQL_ERROR), // ER_NON_UNIQ_ERROR: an ambiguous column
            Map.entry(1066, ErrorClass.SQL_ERROR), // ER_NONUNIQ_TABLE: a table or alias used twice
            Map.entry(1305, ErrorClass.SQL_ERROR), // ER_SP_DOES_NOT_EXIST: an unknown function
            Map.entry(1582, ErrorClass.SQL_ERROR), // ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT
            Map.entry(1583, ErrorClass.SQL_ERROR), // ER_WRONG_PARAMETERS_TO_NATIVE_FCT
            Map.entry(1055, ErrorClass.SQL_ERROR), // ER_WRONG_FIELD_WITH_GROUP
            Map.entry(1056, ErrorClass.SQL_ERROR), // ER_WRONG_GROUP_FIELD
            Map.entry(1111, ErrorClass.SQL_ERROR), // ER_INVALID_GROUP_FUNC_USE
            Map.entry(1140, ErrorClass.SQL_ERROR), // ER_MIX_OF_GROUP_FUNC_AND_FIELDS
            Map.entry(1222, ErrorClass.SQL_ERROR), // ER_WRONG_NUMBER_OF_COLUMNS_IN_SELECT
            Map.entry(1241, ErrorClass.SQL_ERROR), // ER_OPERAND_COLUMNS
            Map.entry(1242, ErrorClass.SQL_ERROR), // ER_SUBQUERY_NO_1_ROW
            Map.entry(1248, ErrorClass.SQL_ERROR), // ER_DERIVED_MUST_HAVE_ALIAS
            Map.entry(1247, ErrorClass.SQL_ERROR), // ER_ILLEGAL_REFERENCE
            Map.entry(1630, ErrorClass.SQL_ERROR), // ER_FUNC_INEXISTENT_NAME_COLLISION
            // the reader may not: a table, a column, a database, a privilege; a write in the READ ONLY transaction
            Map.entry(1142, ErrorClass.VALIDATION_BLOCK), // ER_TABLEACCESS_DENIED_ERROR
            Map.entry(1143, ErrorClass.VALIDATION_BLOCK), // ER_COLUMNACCESS_DENIED_ERROR
            Map.entry(1044, ErrorClass.VALIDATION_BLOCK), // ER_DBACCESS_DENIED_ERROR
            Map.entry(1227, ErrorClass.VALIDATION_BLOCK), // ER_SPECIFIC_ACCESS_DENIED_ERROR
            Map.entry(1370, ErrorClass.VALIDATION_BLOCK), // ER_PROCACCESS_DENIED_ERROR
            Map.entry(1792, ErrorClass.VALIDATION_BLOCK), // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
            // the statement's time bound, the client's KILL QUERY at its deadline, a lock it waited for
            Map.entry(1969, ErrorClass.QUERY_TIMEOUT), // MariaDB ER_STATEMENT_TIMEOUT (max_statement_time)
            Map.entry(3024, ErrorClass.QUERY_TIMEOUT), // MySQL ER_QUERY_TIMEOUT (max_execution_time)
            Map.entry(1317, ErrorClass.QUERY_TIMEOUT), // ER_QUERY_INTERRUPTED
            Map.entry(1205, ErrorClass.QUERY_TIMEOUT), // ER_LOCK_WAIT_TIMEOUT
            // the server or the connection: the reader's login, its connection limits, memory, a lost session
            Map.entry(1040, ErrorClass.INFRA_FAILURE), // ER_CON_COUNT_ERROR
            Map.entry(1203, ErrorClass.INFRA_FAILURE), // ER_TOO_MANY_USER_CONNECTIONS
            Map.entry(1226, ErrorClass.INFRA_FAILURE), // ER_USER_LIMIT_REACHED
            Map.entry(1045, ErrorClass.INFRA_FAILURE), // ER_ACCESS_DENIED_ERROR: the login itself
            Map.entry(1037, ErrorClass.INFRA_FAILURE), // ER_OUTOFMEMORY
            Map.entry(1038, ErrorClass.INFRA_FAILURE), // ER_OUT_OF_SORTMEMORY
            Map.entry(1927, ErrorClass.INFRA_FAILURE), // MariaDB ER_CONNECTION_KILLED
            Map.entry(2002, ErrorClass.INFRA_FAILURE), // CR_CONNECTION_ERROR
            Map.entry(2003, ErrorClass.INFRA_FAILURE), // CR_CONN_HOST_ERROR
            Map.entry(2006, ErrorClass.INFRA_FAILURE), // CR_SERVER_GONE_ERROR
            Map.entry(2013, ErrorClass.INFRA_FAILURE)); // CR_SERVER_LOST

    private static final Map<String, ErrorClass> BY_SQLSTATE_CLASS =
            Map.of("08", ErrorClass.INFRA_FAILURE, "HY001", ErrorClass.INFRA_FAILURE, "22", ErrorClass.SQL_ERROR);

    /**
     * The class of the server's error {@code code} ({@code SQLException.getErrorCode()}), else of {@code sqlState};
     * {@link ErrorClass#UNKNOWN} when neither says.
     */
    public ErrorClass classify(int code, String sqlState) {
        ErrorClass byCode = BY_CODE.get(code);
        if (byCode != null) return byCode;
        if (sqlState == null) return ErrorClass.UNKNOWN;
        String state = sqlState.strip().toUpperCase(Locale.ROOT);
        if (state.length() != 5) return ErrorClass.UNKNOWN;
        ErrorClass byState = BY_SQLSTATE_CLASS.get(state);
        if (byState == null) byState = BY_SQLSTATE_CLASS.get(state.substring(0, 2));
        return byState != null ? byState : ErrorClass.UNKNOWN;
    }
}
