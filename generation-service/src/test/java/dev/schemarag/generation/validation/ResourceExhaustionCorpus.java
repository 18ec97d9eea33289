package dev.schemarag.generation.validation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Read-only statements that can exhaust a PostgreSQL server while EXPLAIN plans them (memory, CPU), grouped by
 * family: cte-doubling, derived-table-doubling, join-chain, set-operations, cte-count, query-depth, quoted-type,
 * jsonpath, regex. {@link Entry#guardRefuses()} says whether the read-only guard itself must refuse the entry; the
 * others pass the guard and are left to statement_timeout (or are harmless), which a run against a real server can
 * confirm. Short entries are written in {@code /validation/resource-exhaustion.json}, long ones are generated here.
 * They read only literals and a table {@code employees(id integer PRIMARY KEY, name text, salary numeric,
 * dept_id integer)}.
 */
public final class ResourceExhaustionCorpus {

    /** @param note what is known of its cost, or null */
    public record Entry(String family, String sql, boolean guardRefuses, String note) {}

    /** The array of 0 to 299 the attack review measured nested jsonpath filters on. */
    private static final String ARRAY_300 = array(300);

    /** The relations budget: entries at it are allowed, one more is refused. */
    private static final int RELATIONS = StructuralBudget.DEFAULT_MAX_RELATIONS;

    private ResourceExhaustionCorpus() {}

    public static List<Entry> entries() throws IOException {
        try (InputStream in =
                ResourceExhaustionCorpus.class.getResourceAsStream("/validation/resource-exhaustion.json")) {
            List<Entry> written = new ObjectMapper().readValue(in, new TypeReference<List<Entry>>() {});
            return Stream.concat(written.stream(), generated().stream()).toList();
        }
    }

    private static List<Entry> generated() {
        List<Entry> entries = new ArrayList<>();
        entries.addAll(cteDoubling());
        entries.addAll(derivedTableDoubling());
        entries.addAll(joinChains());
        entries.addAll(setOperations());
        entries.addAll(cteCounts());
        entries.addAll(queryDepths());
        entries.addAll(quotedTypes());
        entries.addAll(jsonPaths());
        return entries;
    }

    private static List<Entry> cteDoubling() {
        String family = "cte-doubling";
        List<Entry> entries = new ArrayList<>();
        for (int levels : new int[] {11, 13, 16, 21, 25}) {
            String note = levels == 21 ? "the review's 736 characters: over 3 GB while planning" : null;
            entries.add(refused(family, doublingCtes(levels, "v + v"), note));
        }
        for (String doubled : List.of(
                "v * v", "greatest(v, v)", "coalesce(v, v)", "CASE WHEN v > 0 THEN v ELSE v END", "(SELECT v + v)")) {
            entries.add(refused(family, doublingCtes(16, doubled), null));
        }
        entries.add(refused(family, ctes(16, "SELECT 1 x, 1 y", p -> "SELECT x + y x, x + y y FROM " + p, "x"), null));
        entries.add(refused(
                family, ctes(16, "SELECT 1 v", p -> "SELECT " + p + ".v + " + p + ".v v FROM " + p, "v"), null));
        entries.add(refused(family, ctes(16, "SELECT 1 v", p -> "SELECT w + w v FROM " + p + " AS q(w)", "v"), null));
        entries.add(refused(
                family,
                ctes(16, "SELECT 1 v", p -> "SELECT * FROM (SELECT v + v v FROM " + p + ") s", "v")
                        .replace(" AS (", " AS NOT MATERIALIZED ("),
                null));
        entries.add(refused(
                family,
                ctes(14, "SELECT 1 v", p -> "SELECT v FROM " + p + " UNION ALL SELECT v FROM " + p, "v"),
                "refused on the estimate; PostgreSQL materialises a CTE read twice, so this one may plan cheaply"));
        return entries;
    }

    private static List<Entry> derivedTableDoubling() {
        String family = "derived-table-doubling";
        List<Entry> entries = new ArrayList<>();
        for (int levels : new int[] {12, 16, 21, 30}) {
            entries.add(refused(family, doublingDerivedTables(levels, "v + v"), null));
        }
        entries.add(refused(family, doublingDerivedTables(16, "v * v"), null));
        entries.add(refused(family, doublingDerivedTables(16, "greatest(v, v)"), null));
        for (int levels : new int[] {14, 21}) {
            entries.add(refused(
                    family,
                    "SELECT a" + levels + ".v FROM (SELECT 1 v) a0"
                            + lateralChain(levels, ", LATERAL (SELECT %1$s.v + %1$s.v v) %2$s"),
                    null));
        }
        entries.add(refused(
                family,
                "SELECT a16.v FROM (SELECT 1 v) a0"
                        + lateralChain(16, " JOIN LATERAL (SELECT %1$s.v + %1$s.v v) %2$s ON true"),
                null));
        entries.add(refused(
                family,
                "SELECT a16.v FROM (SELECT 1 v) a0" + lateralChain(16, ", LATERAL (VALUES (%1$s.v + %1$s.v)) %2$s(v)"),
                null));
        String joined = "SELECT 1 v";
        for (int level = 1; level <= 12; level++) {
            joined = "SELECT j.v + j.v v FROM ((" + joined + ") s JOIN employees e ON true) AS j";
        }
        entries.add(refused(family, joined, null));
        entries.add(refused(
                family,
                ctes(8, doublingDerivedTables(8, "v + v"), p -> "SELECT v + v v FROM " + p, "v"),
                "8 levels of derived tables, then 8 of CTEs"));
        return entries;
    }

    private static List<Entry> joinChains() {
        String family = "join-chain";
        IntFunction<String> parenthesisedOn =
                i -> " LEFT JOIN employees e" + i + " ON (e" + i + ".id = e" + (i - 1) + ".id)";
        IntFunction<String> leftOnTrue = i -> " LEFT JOIN employees e" + i + " ON true";
        IntFunction<String> innerOnTrue = i -> " JOIN employees e" + i + " ON true";
        IntFunction<String> innerEquality = i -> " JOIN employees e" + i + " ON e" + i + ".id = e" + (i - 1) + ".id";
        List<Entry> entries = new ArrayList<>();
        entries.add(refused(family, joinChain(RELATIONS + 1, parenthesisedOn), null));
        entries.add(refused(family, joinChain(100, parenthesisedOn), null));
        entries.add(refused(family, joinChain(339, parenthesisedOn), "the review's: 63 s of planning"));
        entries.add(refused(family, joinChain(339, leftOnTrue), null));
        entries.add(refused(family, joinChain(256, innerOnTrue), "24 s of planning, not stopped by statement_timeout"));
        entries.add(refused(family, joinChain(1_800, innerOnTrue), "the review's: 8.5 s and 2 GB"));
        entries.add(refused(family, joinChain(128, innerEquality), null));
        entries.add(refused(family, commaJoin(100), null));
        entries.add(
                refused(family, joinChain(100, i -> " FULL JOIN employees e" + i + " ON e" + i + ".id = e0.id"), null));
        entries.add(refused(family, joinChain(100, i -> " CROSS JOIN employees e" + i), null));
        entries.add(refused(family, joinChain(100, i -> " NATURAL JOIN employees e" + i), null));
        entries.add(refused(family, joinChain(100, i -> " JOIN employees e" + i + " USING (id)"), null));
        entries.add(refused(
                family,
                "SELECT 1 FROM " + repeated(33, i -> "(employees a" + i + " JOIN employees b" + i + " ON true)", ", "),
                "66 relations in parenthesised pairs"));
        String branch = "SELECT e0.id FROM employees e0"
                + IntStream.range(1, 17).mapToObj(innerOnTrue).collect(Collectors.joining());
        entries.add(refused(family, repeated(4, i -> branch, " UNION ALL "), "68 relations over 4 branches"));
        entries.add(refused(
                family,
                "WITH " + repeated(5, i -> "c" + i + " AS (" + joinChain(14, innerOnTrue) + ")", ", ")
                        + " SELECT 1 FROM c0, c1, c2, c3, c4",
                "75 relations over 5 CTEs and the query"));
        entries.add(refused(
                family,
                "SELECT 1 WHERE " + repeated(10, i -> "EXISTS (" + joinChain(7, innerOnTrue) + ")", " AND "),
                "70 relations over 10 subqueries"));
        entries.add(allowed(family, joinChain(RELATIONS, parenthesisedOn), "at the budget"));
        entries.add(allowed(
                family,
                joinChain(RELATIONS, innerEquality),
                "at the budget; the costliest chain: at 64 relations it planned for the whole 5 s timeout and"
                        + " reached 256 MB"));
        entries.add(allowed(
                family,
                commaJoin(RELATIONS),
                "at the budget; at 64 relations 3.1 to 3.6 s in GEQO, which stops at statement_timeout"));
        entries.add(allowed(
                family,
                "SELECT count(*) FROM employees e0"
                        + IntStream.range(1, 10)
                                .mapToObj(i -> ", employees e" + i)
                                .collect(Collectors.joining()),
                "a cartesian product: cheap to plan, only running it is costly, and EXPLAIN does not run it"));
        return entries;
    }

    private static List<Entry> setOperations() {
        String family = "set-operations";
        return List.of(
                refused(family, repeated(66, i -> "SELECT " + i, " UNION ALL "), null),
                refused(family, repeated(1_000, i -> "SELECT id FROM employees WHERE id = " + i, " UNION ALL "), null),
                refused(family, repeated(200, i -> "SELECT " + i, " UNION "), null),
                refused(family, repeated(100, i -> "SELECT id FROM employees", " INTERSECT "), null),
                refused(family, repeated(100, i -> "SELECT " + i, " EXCEPT "), null),
                allowed(family, repeated(65, i -> "SELECT " + i, " UNION ALL "), "64 operations, the budget"));
    }

    private static List<Entry> cteCounts() {
        String family = "cte-count";
        return List.of(
                refused(
                        family,
                        "WITH " + repeated(33, i -> "c" + i + " AS (SELECT " + i + ")", ", ") + " SELECT 1",
                        null),
                refused(
                        family,
                        "WITH " + repeated(200, i -> "c" + i + " AS (SELECT " + i + ")", ", ") + " SELECT 1",
                        null),
                refused(
                        family,
                        "SELECT 1 WHERE "
                                + repeated(
                                        10,
                                        i -> "EXISTS (WITH " + repeated(4, j -> "c" + j + " AS (SELECT 1)", ", ")
                                                + " SELECT 1)",
                                        " AND "),
                        "40 CTEs in 10 subqueries"));
    }

    private static List<Entry> queryDepths() {
        String family = "query-depth";
        String scalar = "1";
        String exists = "SELECT 1";
        for (int level = 1; level < 20; level++) {
            scalar = "(SELECT " + scalar + ")";
            exists = "SELECT 1 WHERE EXISTS (" + exists + ")";
        }
        return List.of(
                refused(family, nestedDerivedTables(17), null),
                refused(family, nestedDerivedTables(30), null),
                refused(family, "SELECT " + scalar, null),
                refused(family, exists, null));
    }

    private static List<Entry> quotedTypes() {
        String family = "quoted-type";
        return List.of(
                refused(
                        family,
                        "SELECT " + repeated(200, i -> "B'1'::bit(1000)", ", "),
                        "each within the cap, 200 together"),
                refused(
                        family,
                        "SELECT " + repeated(200, i -> "B'1'::\"bit\"(1000)", ", "),
                        "each within the cap, 200 together"));
    }

    private static List<Entry> jsonPaths() {
        String family = "jsonpath";
        String nested4 = nestedFilters(4);
        List<Entry> entries = new ArrayList<>();
        entries.add(refused(
                family,
                "SELECT jsonb_path_exists('" + ARRAY_300 + "', '" + nested4 + "')",
                "the review's: 1.2 to 2 GB"));
        entries.add(refused(
                family,
                "SELECT jsonb_path_exists('" + ARRAY_300 + "', '" + nestedFilters(3) + "')",
                "1.2 GB by the 5 s timeout"));
        entries.add(refused(
                family, "SELECT jsonb_path_exists('" + ARRAY_300 + "', '" + nestedFilters(2) + "')", "76 ms and 8 MB"));
        for (String function : List.of(
                "jsonb_path_query", "jsonb_path_query_array", "jsonb_path_query_first", "jsonb_path_exists_tz")) {
            entries.add(refused(family, "SELECT " + function + "('" + ARRAY_300 + "', '" + nested4 + "')", null));
        }
        entries.add(refused(family, "SELECT jsonb_path_match('" + ARRAY_300 + "', 'exists(" + nested4 + ")')", null));
        String document = "'" + ARRAY_300 + "'::jsonb";
        entries.add(refused(family, "SELECT " + document + " @? '" + nested4 + "'", null));
        entries.add(refused(family, "SELECT " + document + " @@ 'exists(" + nested4 + ")'", null));
        entries.add(refused(family, "SELECT " + document + " @? '" + nested4 + "'::jsonpath", null));
        entries.add(refused(family, "SELECT " + document + " @? CAST('" + nested4 + "' AS jsonpath)", null));
        entries.add(refused(family, "SELECT " + document + " @@ jsonpath 'exists(" + nested4 + ")'", null));
        entries.add(refused(
                family,
                "SELECT jsonb_path_query_array('" + array(3_000) + "', '$[*] ? ($[*] < 0)')",
                "one filter over the root: 587 MB"));
        String deep = "[".repeat(2_000) + "1" + "]".repeat(2_000);
        entries.add(refused(
                family, "SELECT jsonb_path_query_array('" + deep + "', '$.**.**')", "every node once per ancestor"));
        entries.add(allowed(
                family,
                "SELECT jsonb_path_query_array('" + deep + "', '$.** ? (@ == 1)')",
                "one .** outside filters: under 0.1 s on PostgreSQL 15"));
        return entries;
    }

    /** {@code $[*] ? ($[*] ? (... (@ < 0) ...) < 0)} with {@code depth} filters. */
    private static String nestedFilters(int depth) {
        String path = "@ < 0";
        for (int level = 1; level <= depth; level++) {
            path = level == 1 ? "$[*] ? (" + path + ")" : "$[*] ? (" + path + " < 0)";
        }
        return path;
    }

    private static String doublingCtes(int levels, String doubled) {
        return ctes(levels, "SELECT 1 v", p -> "SELECT " + doubled + " v FROM " + p, "v");
    }

    /** WITH a0 AS (first), a1 AS (next(a0)), ... SELECT column FROM a{levels}. */
    private static String ctes(
            int levels, String first, java.util.function.Function<String, String> next, String column) {
        StringBuilder sql = new StringBuilder("WITH a0 AS (" + first + ")");
        for (int level = 1; level <= levels; level++) {
            sql.append(", a")
                    .append(level)
                    .append(" AS (")
                    .append(next.apply("a" + (level - 1)))
                    .append(')');
        }
        return sql.append(" SELECT ")
                .append(column)
                .append(" FROM a")
                .append(levels)
                .toString();
    }

    private static String doublingDerivedTables(int levels, String doubled) {
        String sql = "SELECT 1 v";
        for (int level = 1; level <= levels; level++) sql = "SELECT " + doubled + " v FROM (" + sql + ") s" + level;
        return sql;
    }

    private static String nestedDerivedTables(int depth) {
        String sql = "SELECT 1 v";
        for (int level = 1; level < depth; level++) sql = "SELECT v FROM (" + sql + ") s" + level;
        return sql;
    }

    /** Joins a1 ... a{levels}, each written by {@code format} with the previous alias and its own. */
    private static String lateralChain(int levels, String format) {
        return IntStream.rangeClosed(1, levels)
                .mapToObj(i -> String.format(format, "a" + (i - 1), "a" + i))
                .collect(Collectors.joining());
    }

    private static String joinChain(int relations, IntFunction<String> join) {
        return "SELECT e0.id FROM employees e0"
                + IntStream.range(1, relations).mapToObj(join).collect(Collectors.joining());
    }

    private static String commaJoin(int relations) {
        return "SELECT e0.id FROM employees e0"
                + IntStream.range(1, relations)
                        .mapToObj(i -> ", employees e" + i)
                        .collect(Collectors.joining())
                + " WHERE "
                + IntStream.range(1, relations)
                        .mapToObj(i -> "e" + i + ".id = e" + (i - 1) + ".id")
                        .collect(Collectors.joining(" AND "));
    }

    private static String repeated(int count, IntFunction<String> part, String separator) {
        return IntStream.range(0, count).mapToObj(part).collect(Collectors.joining(separator));
    }

    private static String array(int size) {
        return IntStream.range(0, size).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
    }

    private static Entry refused(String family, String sql, String note) {
        return new Entry(family, sql, true, note);
    }

    private static Entry allowed(String family, String sql, String note) {
        return new Entry(family, sql, false, note);
    }
}
