package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MySqlErrorClassifierTest {

    private final MySqlErrorClassifier classifier = new MySqlErrorClassifier();

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "1146, 42S02, SQL_ERROR", // Table 'erp_maria.employe' doesn't exist
        "1054, 42S22, SQL_ERROR", // Unknown column 'e.nme' in 'field list'
        "1064, 42000, SQL_ERROR", // You have an error in your SQL syntax
        "1052, 23000, SQL_ERROR", // Column 'name' in field list is ambiguous: not a constraint violation
        "1305, 42000, SQL_ERROR", // FUNCTION erp_maria.date_trunc does not exist
        "1055, 42000, SQL_ERROR", // isn't in GROUP BY (ONLY_FULL_GROUP_BY)
        "1242, 21000, SQL_ERROR", // Subquery returns more than 1 row
        "1142, 42000, VALIDATION_BLOCK", // SELECT command denied to user ... for table
        "1143, 42000, VALIDATION_BLOCK", // SELECT command denied to user ... for column
        "1044, 42000, VALIDATION_BLOCK", // Access denied for user ... to database
        "1792, 25006, VALIDATION_BLOCK", // Cannot execute statement in a READ ONLY transaction
        "1969, 70100, QUERY_TIMEOUT", // MariaDB: Query execution was interrupted (max_statement_time exceeded)
        "3024, HY000, QUERY_TIMEOUT", // MySQL: maximum statement execution time exceeded
        "1317, 70100, QUERY_TIMEOUT", // Query execution was interrupted (KILL QUERY at the client's deadline)
        "1205, HY000, QUERY_TIMEOUT", // Lock wait timeout exceeded
        "2002, HY000, INFRA_FAILURE", // Can't connect through socket
        "2003, HY000, INFRA_FAILURE", // Can't connect to server
        "2006, HY000, INFRA_FAILURE", // server has gone away
        "2013, HY000, INFRA_FAILURE", // Lost connection to server during query
        "1203, 42000, INFRA_FAILURE", // the reader's MAX_USER_CONNECTIONS: 42000 yet no fault of the query
        "1045, 28000, INFRA_FAILURE", // the reader's login is refused
        "1040, 08004, INFRA_FAILURE", // Too many connections
        "0, 08000, INFRA_FAILURE", // the driver's own connection failure carries no server code
        "0, 08S01, INFRA_FAILURE", // communication link failure
        "1365, 22012, SQL_ERROR", // Division by 0 (strict mode): a data exception, by its SQLSTATE
        "0, HY001, INFRA_FAILURE" // memory allocation error
    })
    void classifiesByTheServersCodeThenItsSqlState(int code, String sqlState, ErrorClass expected) {
        assertThat(classifier.classify(code, sqlState)).isEqualTo(expected);
    }

    @Test
    void theSameSqlStateIsRepairedOrBlockedByItsCode() {
        assertThat(classifier.classify(1064, "42000")).isEqualTo(ErrorClass.SQL_ERROR);
        assertThat(classifier.classify(1142, "42000")).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(classifier.classify(1203, "42000")).isEqualTo(ErrorClass.INFRA_FAILURE);
    }

    @Test
    void anUnlistedCodeWithoutAKnownSqlStateIsUnknown() {
        assertThat(classifier.classify(9999, "42000")).isEqualTo(ErrorClass.UNKNOWN);
        assertThat(classifier.classify(9999, "HY000")).isEqualTo(ErrorClass.UNKNOWN);
        assertThat(classifier.classify(0, null)).isEqualTo(ErrorClass.UNKNOWN);
        assertThat(classifier.classify(0, "08")).isEqualTo(ErrorClass.UNKNOWN);
    }
}
