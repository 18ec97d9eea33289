package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlStateClassifierTest {

    private final SqlStateClassifier classifier = new SqlStateClassifier();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "08006, INFRA_FAILURE", // connection_failure
        "08001, INFRA_FAILURE", // sqlclient_unable_to_establish_sqlconnection
        "53200, INFRA_FAILURE", // out_of_memory
        "53300, INFRA_FAILURE", // too_many_connections
        "54001, INFRA_FAILURE", // statement_too_complex
        "58030, INFRA_FAILURE", // io_error
        "F0000, INFRA_FAILURE", // config_file_error
        "XX000, INFRA_FAILURE", // internal_error
        "XX001, INFRA_FAILURE", // data_corrupted
        "57014, QUERY_TIMEOUT", // query_canceled (statement_timeout)
        "57P01, QUERY_TIMEOUT", // admin_shutdown
        "57P02, QUERY_TIMEOUT", // crash_shutdown
        "42501, VALIDATION_BLOCK", // insufficient_privilege
        "42601, SQL_ERROR", // syntax_error
        "42P01, SQL_ERROR", // undefined_table
        "42703, SQL_ERROR", // undefined_column
        "42702, SQL_ERROR", // ambiguous_column
        "42712, SQL_ERROR", // duplicate_alias
        "42P09, SQL_ERROR", // ambiguous_alias
        "42P10, SQL_ERROR", // invalid_column_reference
        "42804, SQL_ERROR", // datatype_mismatch
        "42846, SQL_ERROR", // cannot_coerce
        "42883, SQL_ERROR", // undefined_function
        "42725, SQL_ERROR", // ambiguous_function
        "42803, SQL_ERROR", // grouping_error
        "42P20, SQL_ERROR", // windowing_error
        "22012, SQL_ERROR", // division_by_zero
        "22P02, SQL_ERROR", // invalid_text_representation
        "22008, SQL_ERROR", // datetime_field_overflow
        "57P03, UNKNOWN", // cannot_connect_now: not in the table
        "57000, UNKNOWN", // operator_intervention
        "42P07, UNKNOWN", // duplicate_table: a DDL error a SELECT cannot raise
        "23505, UNKNOWN", // unique_violation
        "25006, UNKNOWN", // read_only_sql_transaction
        "40001, UNKNOWN", // serialization_failure
    })
    void givenSqlState_whenClassified_thenErrorClass(String sqlState, ErrorClass expected) {
        assertThat(classifier.classify(sqlState)).isEqualTo(expected);
    }

    @Test
    void givenLowerCaseState_whenClassified_thenSameAsUpperCase() {
        assertThat(classifier.classify("xx000")).isEqualTo(ErrorClass.INFRA_FAILURE);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"42", "4260", "426011", "hello"})
    void givenMissingOrMalformedState_whenClassified_thenUnknown(String sqlState) {
        assertThat(classifier.classify(sqlState)).isEqualTo(ErrorClass.UNKNOWN);
    }

    @ParameterizedTest(name = "{0} retried={1}")
    @CsvSource({
        "INFRA_FAILURE, false",
        "QUERY_TIMEOUT, true",
        "VALIDATION_BLOCK, false",
        "SQL_ERROR, true",
        "UNKNOWN, false",
        "GENERATION_UNAVAILABLE, false",
    })
    void givenErrorClass_whenAskedForPolicy_thenRetriedOnlyWhenAnotherQueryCanHelp(
            ErrorClass errorClass, boolean retried) {
        assertThat(RetryPolicy.of(errorClass).retried()).isEqualTo(retried);
    }

    @Test
    void givenTimeout_whenAskedForPolicy_thenInstructionAsksForASimplerQuery() {
        assertThat(RetryPolicy.of(ErrorClass.QUERY_TIMEOUT).instruction()).contains("simpler");
    }

    @ParameterizedTest(name = "{0} <-> {1}")
    @CsvSource({
        "INFRA_FAILURE, infra_failure",
        "QUERY_TIMEOUT, query_timeout",
        "VALIDATION_BLOCK, validation_block",
        "SQL_ERROR, sql_error",
        "UNKNOWN, unknown",
        "GENERATION_UNAVAILABLE, generation_unavailable",
    })
    void givenErrorClass_whenNamedOnTheWire_thenRoundTrips(ErrorClass errorClass, String wireName) {
        assertThat(errorClass.wireName()).isEqualTo(wireName);
        assertThat(errorClass.deadLetterTopic(Stage.VALIDATION).wireName()).isEqualTo(wireName);
        assertThat(ErrorClass.fromWireName(wireName)).contains(errorClass);
    }

    @Test
    void givenUnknownWireName_whenParsed_thenEmpty() {
        assertThat(ErrorClass.fromWireName("timeout")).isEmpty();
    }
}
