package dev.schemarag.generation.validation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Built-in PostgreSQL functions that only read and compute. Anything not listed here is refused by the safety
 * guard: an allowlist, because the dangerous functions (pg_sleep, dblink, lo_import, set_config, pg_read_file,
 * advisory locks, sequence setters, extension functions...) are an open-ended set.
 */
final class PostgresFunctions {

    private static final Set<String> AGGREGATES = Set.of(
            "count",
            "sum",
            "avg",
            "min",
            "max",
            "array_agg",
            "string_agg",
            "bool_and",
            "bool_or",
            "every",
            "bit_and",
            "bit_or",
            "bit_xor",
            "json_agg",
            "jsonb_agg",
            "json_object_agg",
            "jsonb_object_agg",
            "stddev",
            "stddev_pop",
            "stddev_samp",
            "variance",
            "var_pop",
            "var_samp",
            "corr",
            "covar_pop",
            "covar_samp",
            "regr_avgx",
            "regr_avgy",
            "regr_count",
            "regr_intercept",
            "regr_r2",
            "regr_slope",
            "regr_sxx",
            "regr_sxy",
            "regr_syy",
            "mode",
            "percentile_cont",
            "percentile_disc",
            "any_value",
            "grouping");

    private static final Set<String> WINDOW = Set.of(
            "row_number",
            "rank",
            "dense_rank",
            "percent_rank",
            "cume_dist",
            "ntile",
            "lag",
            "lead",
            "first_value",
            "last_value",
            "nth_value");

    private static final Set<String> SCALAR = Set.of(
            // math
            "abs",
            "ceil",
            "ceiling",
            "floor",
            "round",
            "trunc",
            "sign",
            "sqrt",
            "cbrt",
            "power",
            "pow",
            "exp",
            "ln",
            "log",
            "log10",
            "mod",
            "div",
            "pi",
            "degrees",
            "radians",
            "sin",
            "cos",
            "tan",
            "cot",
            "asin",
            "acos",
            "atan",
            "atan2",
            "sinh",
            "cosh",
            "tanh",
            "width_bucket",
            "gcd",
            "lcm",
            "factorial",
            "scale",
            "random",
            "isnan",
            // conditional
            "coalesce",
            "nullif",
            "greatest",
            "least",
            "num_nulls",
            "num_nonnulls",
            // string
            "length",
            "char_length",
            "character_length",
            "octet_length",
            "bit_length",
            "lower",
            "upper",
            "initcap",
            "trim",
            "btrim",
            "ltrim",
            "rtrim",
            "lpad",
            "rpad",
            "substr",
            "substring",
            "position",
            "strpos",
            "replace",
            "translate",
            "concat",
            "concat_ws",
            "left",
            "right",
            "repeat",
            "reverse",
            "split_part",
            "string_to_array",
            "array_to_string",
            "regexp_replace",
            "regexp_match",
            "regexp_matches",
            "regexp_split_to_array",
            "regexp_split_to_table",
            "regexp_like",
            "regexp_count",
            "regexp_substr",
            "regexp_instr",
            "starts_with",
            "to_char",
            "to_number",
            "md5",
            "ascii",
            "chr",
            "overlay",
            "quote_ident",
            "quote_literal",
            "quote_nullable",
            "encode",
            "decode",
            "sha256",
            "normalize",
            "unistr",
            "to_hex",
            // date and time
            "now",
            "current_date",
            "current_time",
            "current_timestamp",
            "localtime",
            "localtimestamp",
            "clock_timestamp",
            "statement_timestamp",
            "transaction_timestamp",
            "date_part",
            "date_trunc",
            "date_bin",
            "extract",
            "age",
            "make_date",
            "make_time",
            "make_timestamp",
            "make_timestamptz",
            "make_interval",
            "justify_days",
            "justify_hours",
            "justify_interval",
            "isfinite",
            "to_date",
            "to_timestamp",
            "timezone",
            // casts written as calls and type names with modifiers, e.g. varchar(20)
            "cast",
            "date",
            "time",
            "timestamp",
            "timestamptz",
            "interval",
            "text",
            "varchar",
            "char",
            "character",
            "numeric",
            "decimal",
            "int",
            "integer",
            "int2",
            "int4",
            "int8",
            "smallint",
            "bigint",
            "real",
            "float",
            "float4",
            "float8",
            "bool",
            "boolean",
            "bit",
            "varbit",
            // json and jsonb, read only
            "to_json",
            "to_jsonb",
            "row_to_json",
            "array_to_json",
            "json_build_object",
            "jsonb_build_object",
            "json_build_array",
            "jsonb_build_array",
            "json_object",
            "jsonb_object",
            "json_extract_path",
            "json_extract_path_text",
            "jsonb_extract_path",
            "jsonb_extract_path_text",
            "json_array_length",
            "jsonb_array_length",
            "json_array_elements",
            "jsonb_array_elements",
            "json_array_elements_text",
            "jsonb_array_elements_text",
            "json_each",
            "jsonb_each",
            "json_each_text",
            "jsonb_each_text",
            "json_object_keys",
            "jsonb_object_keys",
            "json_typeof",
            "jsonb_typeof",
            "json_strip_nulls",
            "jsonb_strip_nulls",
            "jsonb_pretty",
            "jsonb_path_exists",
            "jsonb_path_match",
            "jsonb_path_query",
            "jsonb_path_query_array",
            "jsonb_path_query_first",
            // arrays and set-returning helpers
            "array_length",
            "cardinality",
            "unnest",
            "array_position",
            "array_positions",
            "array_cat",
            "array_append",
            "array_prepend",
            "array_remove",
            "array_replace",
            "array_upper",
            "array_lower",
            "array_dims",
            "array_ndims",
            "generate_series",
            "generate_subscripts");

    private static final Set<String> ALLOWED = union(AGGREGATES, WINDOW, SCALAR);

    /**
     * Allowlisted functions whose result can be far larger than their arguments. The planner folds immutable calls
     * with constant arguments even under plain EXPLAIN, so {@code repeat('x', 500000000)} allocates on the target.
     * ({@code format} left the allowlist for the same reason: {@code %1000000000s} pads to a gigabyte.)
     */
    private static final Set<String> AMPLIFIERS =
            Set.of("repeat", "lpad", "rpad", "factorial", "generate_series", "replace", "regexp_replace", "overlay");

    private static final String NON_IMMUTABLE_RESOURCE = "postgres-15-non-immutable-functions.txt";
    /** Built-ins that may read or change state; loaded from the PostgreSQL 15 catalogue. */
    private static final Set<String> NON_IMMUTABLE = loadNames(NON_IMMUTABLE_RESOURCE);

    private PostgresFunctions() {}

    /** Whether a call to {@code name} (already normalized) may run; {@code schema} is null for unqualified calls. */
    static boolean isAllowed(String schema, String name) {
        return (schema == null || schema.equals("pg_catalog")) && ALLOWED.contains(name);
    }

    static boolean isAmplifier(String name) {
        return AMPLIFIERS.contains(name);
    }

    /**
     * Whether a name written as a field ({@code x.name} or {@code (x).name}) could run something unsafe: PostgreSQL
     * reads {@code x.f} as the call {@code f(x)} when {@code x} has no field {@code f}, for any single-argument
     * function, so this covers every built-in that is not immutable and not allowlisted, factorial, and the
     * prefixes of admin, large-object and dblink functions (extensions are not in the catalogue).
     */
    static boolean isUnsafeAsField(String name) {
        if (name.startsWith("pg_") || name.startsWith("lo_") || name.startsWith("dblink")) return true;
        if (name.equals("factorial")) return true; // the one amplifier that takes a single argument
        return NON_IMMUTABLE.contains(name) && !ALLOWED.contains(name);
    }

    static boolean isAggregate(String name) {
        return AGGREGATES.contains(name);
    }

    private static Set<String> loadNames(String resource) {
        try (InputStream in = PostgresFunctions.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new HashSet<>();
        for (Set<String> set : sets) all.addAll(set);
        return Set.copyOf(all);
    }
}
