package dev.schemarag.core.failure;

import java.util.Arrays;
import java.util.Optional;

/**
 * Why a record ended without a result, for every stage. The wire name is {@code FailureRecord.errorClass}: a
 * published contract that operators filter and replay by, so it never changes.
 */
public enum ErrorClass {
    /** A database, store or host failed (connection, resources, internal error): another query will not help. */
    INFRA_FAILURE("infra_failure"),
    /** The query was cancelled for running too long: a simpler query may finish. */
    QUERY_TIMEOUT("query_timeout"),
    /** The query was refused by the safety guard or by a missing privilege: it must not be retried. */
    VALIDATION_BLOCK("validation_block"),
    /** The database rejected the query (syntax, unknown table or column, type error): the generator can repair it. */
    SQL_ERROR("sql_error"),
    /** A failure nobody classified. */
    UNKNOWN("unknown"),
    /** The SQL generator (LLM) could not be reached or returned no usable SQL. */
    GENERATION_UNAVAILABLE("generation_unavailable"),
    /** A record that cannot be read, or lacks a field the stage needs. */
    MALFORMED_EVENT("malformed_event"),
    /** Processing a record threw. */
    PROCESSING_ERROR("processing_error"),
    /** An output the producer refused as too large; its dead letter holds a prefix of the output, not the input. */
    OUTPUT_TOO_LARGE("output_too_large"),
    /** A question whose request cannot be served as asked (missing or oversized field). */
    INVALID_REQUEST("invalid_request"),
    /** A question whose per-request retrieval settings are out of range. */
    INVALID_SETTINGS("invalid_settings"),
    /** A record naming a database that is not registered. */
    UNKNOWN_DATABASE("unknown_database"),
    /** A question restricted to schemas the database does not index. */
    UNKNOWN_SCHEMA("unknown_schema"),
    /** A question on a registered database that has no indexed tables yet. */
    EMPTY_CATALOG("empty_catalog"),
    /** Feedback naming no answer. */
    UNKNOWN_QUESTION("unknown_question"),
    /** A question whose principal the database's registration does not map to a role: it must not be answered. */
    ACCESS_DENIED("access_denied"),
    /** A question without a database whose evidence points to no registered database clearly: the asker must name one. */
    AMBIGUOUS_DATABASE("ambiguous_database");

    private final String wireName;

    ErrorClass(String wireName) {
        this.wireName = wireName;
    }

    /** e.g. {@code sql_error}; stable, used in failure records. */
    public String wireName() {
        return wireName;
    }

    /**
     * Where a failure of this class in {@code stage} lands. Ingest and retrieval have one dead-letter topic each;
     * the answer stages have one per class they produce themselves, so that an operator can replay, say, every
     * query_timeout after a database is tuned, and everything else there lands on {@code unknown}.
     */
    public DeadLetterTopic deadLetterTopic(Stage stage) {
        return switch (stage) {
            case INGEST -> DeadLetterTopic.INGEST;
            case RETRIEVAL -> DeadLetterTopic.RETRIEVAL;
            case GENERATION, VALIDATION, EXECUTION, FEEDBACK -> answerTopic();
        };
    }

    // A switch without default: a new class does not compile until it has a topic.
    private DeadLetterTopic answerTopic() {
        return switch (this) {
            case INFRA_FAILURE -> DeadLetterTopic.INFRA_FAILURE;
            case QUERY_TIMEOUT -> DeadLetterTopic.QUERY_TIMEOUT;
            case VALIDATION_BLOCK -> DeadLetterTopic.VALIDATION_BLOCK;
            case SQL_ERROR -> DeadLetterTopic.SQL_ERROR;
            case GENERATION_UNAVAILABLE -> DeadLetterTopic.GENERATION_UNAVAILABLE;
            case ACCESS_DENIED -> DeadLetterTopic.ACCESS_DENIED;
            case UNKNOWN,
                    MALFORMED_EVENT,
                    PROCESSING_ERROR,
                    OUTPUT_TOO_LARGE,
                    INVALID_REQUEST,
                    INVALID_SETTINGS,
                    UNKNOWN_DATABASE,
                    UNKNOWN_SCHEMA,
                    EMPTY_CATALOG,
                    AMBIGUOUS_DATABASE,
                    UNKNOWN_QUESTION -> DeadLetterTopic.UNKNOWN;
        };
    }

    public static Optional<ErrorClass> fromWireName(String wireName) {
        return Arrays.stream(values()).filter(c -> c.wireName.equals(wireName)).findFirst();
    }
}
