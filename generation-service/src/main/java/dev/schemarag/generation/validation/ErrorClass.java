package dev.schemarag.generation.validation;

import java.util.Arrays;
import java.util.Optional;

/**
 * Why a question ended without a result. The wire name doubles as the suffix of the topic a failure is routed to.
 */
public enum ErrorClass {
    /** The database or its host failed (connection, resources, internal error): another query will not help. */
    INFRA_FAILURE("infra_failure", RetryPolicy.never()),
    /** The query was cancelled for running too long: a simpler query may finish. */
    QUERY_TIMEOUT("query_timeout", RetryPolicy.retryWith(
            "The query was cancelled because it ran too long. Rewrite it to be simpler and cheaper: join only the "
                    + "tables the question needs, filter as early as possible, avoid correlated subqueries and "
                    + "never produce a cartesian product.")),
    /** The query was refused by the safety guard or by a missing privilege: it must not be retried. */
    VALIDATION_BLOCK("validation_block", RetryPolicy.never()),
    /** The database rejected the query (syntax, unknown table or column, type error): the generator can repair it. */
    SQL_ERROR("sql_error", RetryPolicy.retryWith(
            "The database rejected the query with the error below. Fix exactly that error, keep the rest of the "
                    + "query's intent, and use only tables and columns from the schema.")),
    /** A failure nobody classified: retrying blindly would only repeat it. */
    UNKNOWN("unknown", RetryPolicy.never()),
    /** The SQL generator (LLM) could not be reached or returned no usable SQL. */
    GENERATION_UNAVAILABLE("generation_unavailable", RetryPolicy.never());

    private final String wireName;
    private final RetryPolicy retryPolicy;

    ErrorClass(String wireName, RetryPolicy retryPolicy) {
        this.wireName = wireName;
        this.retryPolicy = retryPolicy;
    }

    /** e.g. {@code sql_error}; stable, used in records and topic names. */
    public String wireName() {
        return wireName;
    }

    public String topicSuffix() {
        return wireName;
    }

    public RetryPolicy retryPolicy() {
        return retryPolicy;
    }

    public static Optional<ErrorClass> fromWireName(String wireName) {
        return Arrays.stream(values()).filter(c -> c.wireName.equals(wireName)).findFirst();
    }
}
