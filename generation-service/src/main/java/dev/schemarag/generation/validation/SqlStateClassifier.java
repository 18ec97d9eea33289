package dev.schemarag.generation.validation;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Locale;
import java.util.Map;

/**
 * Maps a PostgreSQL SQLSTATE to an {@link ErrorClass}. All decisions live in one prefix table; the longest
 * matching prefix wins, so a specific code can override its class (57014 within 57).
 */
public final class SqlStateClassifier {

    private static final Map<String, ErrorClass> BY_PREFIX = Map.ofEntries(
            // infrastructure: connection, resources, program limits, system errors, config files, internal errors
            Map.entry("08", ErrorClass.INFRA_FAILURE),
            Map.entry("53", ErrorClass.INFRA_FAILURE),
            Map.entry("54", ErrorClass.INFRA_FAILURE),
            Map.entry("58", ErrorClass.INFRA_FAILURE),
            Map.entry("F0", ErrorClass.INFRA_FAILURE),
            Map.entry("XX", ErrorClass.INFRA_FAILURE),
            // query_canceled (statement_timeout), admin_shutdown, crash_shutdown
            Map.entry("57014", ErrorClass.QUERY_TIMEOUT),
            Map.entry("57P01", ErrorClass.QUERY_TIMEOUT),
            Map.entry("57P02", ErrorClass.QUERY_TIMEOUT),
            // lock_not_available: lock_timeout, waiting behind a migration's lock
            Map.entry("55P03", ErrorClass.QUERY_TIMEOUT),
            // insufficient_privilege: the read-only role refused the query
            Map.entry("42501", ErrorClass.VALIDATION_BLOCK),
            // errors in the query itself, which the generator can repair
            Map.entry("42601", ErrorClass.SQL_ERROR), // syntax_error
            Map.entry("42P01", ErrorClass.SQL_ERROR), // undefined_table
            Map.entry("42703", ErrorClass.SQL_ERROR), // undefined_column
            Map.entry("42702", ErrorClass.SQL_ERROR), // ambiguous_column
            Map.entry("42712", ErrorClass.SQL_ERROR), // duplicate_alias
            Map.entry("42P09", ErrorClass.SQL_ERROR), // ambiguous_alias
            Map.entry("42P10", ErrorClass.SQL_ERROR), // invalid_column_reference
            Map.entry("42804", ErrorClass.SQL_ERROR), // datatype_mismatch
            Map.entry("42846", ErrorClass.SQL_ERROR), // cannot_coerce
            Map.entry("42883", ErrorClass.SQL_ERROR), // undefined_function
            Map.entry("42725", ErrorClass.SQL_ERROR), // ambiguous_function
            Map.entry("42803", ErrorClass.SQL_ERROR), // grouping_error
            Map.entry("42P20", ErrorClass.SQL_ERROR), // windowing_error
            Map.entry("22", ErrorClass.SQL_ERROR)); // data exceptions: bad casts, division by zero, ...

    /** The class of {@code sqlState}; null, malformed or unlisted states are {@link ErrorClass#UNKNOWN}. */
    public ErrorClass classify(String sqlState) {
        if (sqlState == null) return ErrorClass.UNKNOWN;
        String state = sqlState.strip().toUpperCase(Locale.ROOT);
        if (state.length() != 5) return ErrorClass.UNKNOWN;
        for (int length = state.length(); length >= 2; length--) {
            ErrorClass match = BY_PREFIX.get(state.substring(0, length));
            if (match != null) return match;
        }
        return ErrorClass.UNKNOWN;
    }
}
