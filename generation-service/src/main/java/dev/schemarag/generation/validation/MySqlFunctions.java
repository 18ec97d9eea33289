package dev.schemarag.generation.validation;

import java.util.HashSet;
import java.util.Set;

/**
 * Built-in MySQL and MariaDB functions that only read and compute; anything else is refused by
 * {@link MySqlReadOnlyGuard}. An allowlist, since the dangerous built-ins are an open-ended set: SLEEP and BENCHMARK
 * (time), GET_LOCK, RELEASE_LOCK and the other lock functions, LOAD_FILE (reads server files), the replication waits
 * (MASTER_POS_WAIT, WAIT_FOR_EXECUTED_GTID_SET), SOURCE_POS_WAIT, the functions that read session or server state
 * (USER, DATABASE, CONNECTION_ID, LAST_INSERT_ID, FOUND_ROWS, VERSION, UUID_SHORT...), NAME_CONST, the spatial and XML
 * families, and every stored or loadable function. Names are compared in lower case: MySQL resolves built-in names
 * case-insensitively, quoted in backticks or not.
 */
final class MySqlFunctions {

    private static final Set<String> AGGREGATES = Set.of(
            "count",
            "sum",
            "avg",
            "min",
            "max",
            "group_concat",
            "bit_and",
            "bit_or",
            "bit_xor",
            "std",
            "stddev",
            "stddev_pop",
            "stddev_samp",
            "variance",
            "var_pop",
            "var_samp",
            "json_arrayagg",
            "json_objectagg",
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
            // numeric
            "abs",
            "ceil",
            "ceiling",
            "floor",
            "round",
            "truncate",
            "sign",
            "sqrt",
            "power",
            "pow",
            "exp",
            "ln",
            "log",
            "log2",
            "log10",
            "mod",
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
            "rand",
            "conv",
            "bin",
            "oct",
            "hex",
            "unhex",
            "crc32",
            "format",
            // conditional
            "if",
            "ifnull",
            "nullif",
            "coalesce",
            "greatest",
            "least",
            "isnull",
            // string
            "length",
            "char_length",
            "character_length",
            "octet_length",
            "bit_length",
            "lower",
            "lcase",
            "upper",
            "ucase",
            "trim",
            "ltrim",
            "rtrim",
            "lpad",
            "rpad",
            "space",
            "repeat",
            "substr",
            "substring",
            "substring_index",
            "mid",
            "left",
            "right",
            "locate",
            "position",
            "instr",
            "field",
            "find_in_set",
            "elt",
            "replace",
            "insert",
            "concat",
            "concat_ws",
            "reverse",
            "ascii",
            "ord",
            "char",
            "strcmp",
            "soundex",
            "quote",
            "md5",
            "sha1",
            "sha2",
            "to_base64",
            "from_base64",
            "regexp_like",
            "regexp_instr",
            "regexp_substr",
            "regexp_replace",
            // date and time
            "now",
            "curdate",
            "current_date",
            "curtime",
            "current_time",
            "current_timestamp",
            "localtime",
            "localtimestamp",
            "utc_date",
            "utc_time",
            "utc_timestamp",
            "date",
            "time",
            "timestamp",
            "datetime",
            "year",
            "quarter",
            "month",
            "monthname",
            "week",
            "weekday",
            "weekofyear",
            "yearweek",
            "day",
            "dayofmonth",
            "dayofweek",
            "dayofyear",
            "dayname",
            "hour",
            "minute",
            "second",
            "microsecond",
            "extract",
            "date_add",
            "date_sub",
            "adddate",
            "subdate",
            "addtime",
            "subtime",
            "datediff",
            "timediff",
            "timestampadd",
            "timestampdiff",
            "date_format",
            "time_format",
            "str_to_date",
            "get_format",
            "makedate",
            "maketime",
            "period_add",
            "period_diff",
            "last_day",
            "to_days",
            "from_days",
            "to_seconds",
            "time_to_sec",
            "sec_to_time",
            "unix_timestamp",
            "from_unixtime",
            "convert_tz",
            // casts, and type names written with a length inside CAST and CONVERT
            "cast",
            "convert",
            "binary",
            "decimal",
            "dec",
            "numeric",
            "float",
            "double",
            "signed",
            "unsigned",
            "varchar",
            "nchar",
            // json, read only
            "json_extract",
            "json_unquote",
            "json_contains",
            "json_contains_path",
            "json_keys",
            "json_length",
            "json_depth",
            "json_type",
            "json_valid",
            "json_search",
            "json_value",
            "json_overlaps",
            "json_quote",
            "json_object",
            "json_array",
            "json_pretty");

    private static final Set<String> ALLOWED = union(AGGREGATES, WINDOW, SCALAR);

    /**
     * Allowlisted functions whose result can be far larger than their arguments; MySQL caps a string result at
     * max_allowed_packet (64 MB by default), per call, and folds constant calls while it optimises. BINARY(n) is the
     * type of {@code CAST(x AS BINARY(n))}, which pads with zero bytes to n (CHAR(n) only truncates); the deprecated
     * BINARY(expr) operator is refused with it.
     */
    private static final Set<String> SIZED = Set.of("repeat", "space", "lpad", "rpad", "binary");

    private static final Set<String> GROWING = Set.of("replace", "regexp_replace", "insert", "concat", "concat_ws");

    private MySqlFunctions() {}

    /** Whether a call to {@code name}, lower case and unquoted, may run. */
    static boolean isAllowed(String name) {
        return ALLOWED.contains(name);
    }

    /** Functions whose size argument ({@link #sizeArgument}) sets their result's length. */
    static boolean isSized(String name) {
        return SIZED.contains(name);
    }

    /** 0-based position of the argument that sets a {@linkplain #isSized sized} function's result length. */
    static int sizeArgument(String name) {
        return name.equals("space") || name.equals("binary") ? 0 : 1;
    }

    /** Functions whose result can grow by their literals or argument count: REPLACE, INSERT, CONCAT... */
    static boolean isGrowing(String name) {
        return GROWING.contains(name);
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new HashSet<>();
        for (Set<String> set : sets) all.addAll(set);
        return Set.copyOf(all);
    }
}
