package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonPathsTest {

    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "$.a.b[0]",
                "$[*] ? (@ < 0)",
                "$.items[*] ? (@.price > 10 && @.tags[*] == \"x\")",
                "$.items[*] ? (@.price > $min && @.qty < $.limits.qty)",
                "$.** ? (@.type() == \"number\")",
                "$[0 to 2][*].a",
                "$.a ? (@ like_regex \"^[0-9]{3}-[0-9]{4}$\" flag \"i\")",
                "$.a ? (@ == \"$[*] ? (\")",
                "$.a ? (exists (@.b)) .size()",
                "strict $[last]",
            })
    void givenPathThatVisitsEachItemOnce_whenChecked_thenNoViolation(String path) {
        assertThat(JsonPaths.pathViolation(path)).as(path).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "$[*] ? (@[*] ? (@ < 0) < 0) | a filter inside a filter",
                "$[*] ? (@ ? (@ > 1) > 0) | a filter inside a filter",
                "$[*] ? ($[*] < 0) | a filter that iterates over the root or a variable",
                "$[*] ? (@ < $.a.*) | a filter that iterates over the root or a variable",
                "$[*] ? (@ < $[0 to 9]) | a filter that iterates over the root or a variable",
                "$[*] ? (@ < $v[*]) | a filter that iterates over the root or a variable",
                "$[*] ? (@ < $\"v\".a[1, 2]) | a filter that iterates over the root or a variable",
                "$[*] ? (@.** < 0) | .** inside a filter",
                "$.**.** | .** more than once",
                "$[0, 0, 0] | a list of several subscripts",
                "$.a ? (@ like_regex \"(a{1,100}){1,100}\") | nested repetition counts",
            })
    void givenPathThatRevisitsItems_whenChecked_thenTheViolationNamesWhy(String path, String reason) {
        assertThat(JsonPaths.pathViolation(path)).as(path).hasValueSatisfying(r -> assertThat(r)
                .contains(reason));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT jsonb_path_exists('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT jsonb_path_match('[1]', 'exists($[*] ? ($[*] < 0))')",
                "SELECT jsonb_path_query('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT jsonb_path_query_array('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT jsonb_path_query_first('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT jsonb_path_exists_tz('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT pg_catalog.jsonb_path_query('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT \"jsonb_path_query\"('[1]', '$[*] ? ($[*] < 0)')",
                "SELECT jsonb_path_exists('[1]', '$[*] ? ($[*] < 0)'::jsonpath)",
                "SELECT jsonb_path_exists('[1]', CAST('$[*] ? ($[*] < 0)' AS jsonpath))",
                "SELECT jsonb_path_exists('[1]', ('$[*] ? ($[*] < 0)'))",
                "SELECT jsonb_path_exists('[1]', E'$[*] \\x3f ($[*] < 0)')",
                "SELECT jsonb_path_exists('[1]', '$[*] ? ($[*]'\n' < 0)')",
                "SELECT jsonb_path_exists('[1]', $$$[*] ? ($[*] < 0)$$)",
                "SELECT jsonb_path_exists(path => '$[*] ? ($[*] < 0)', target => '[1]')",
                "SELECT jsonb_path_exists('[1]', path := '$[*] ? ($[*] < 0)')",
                "SELECT '[1]'::jsonb @? '$[*] ? ($[*] < 0)'",
                "SELECT '[1]'::jsonb @@ '$[*] ? ($[*] < 0) == true'",
                "SELECT '[1]'::jsonb @? '$[*] ? ($[*] < 0)'::jsonpath",
                "SELECT '[1]'::jsonb @? CAST('$[*] ? ($[*] < 0)' AS jsonpath)",
                "SELECT '[1]'::jsonb @@ jsonpath '$[*] ? ($[*] < 0) == true'",
            })
    void givenCostlyPathInAnyForm_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).startsWith("a jsonpath with");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT jsonb_path_exists(doc, p) FROM t",
                "SELECT jsonb_path_exists(doc, '$.a' || '') FROM t",
                "SELECT jsonb_path_exists(doc, p::jsonpath) FROM t, (SELECT '$.a' p) s",
                "SELECT jsonb_path_exists(doc, path => p) FROM t",
                "SELECT doc @? p FROM t",
                "SELECT doc @@ (p) FROM t",
                "SELECT doc @? replace('$.a', 'a', 'b')::jsonpath FROM t",
            })
    void givenPathThatIsNoLiteral_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).startsWith("a jsonpath must be written as a string literal");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT jsonb_path_query(doc, '$.items[*] ? (@.price > $min)', '{\"min\": 10}') FROM t",
                "SELECT jsonb_path_exists(doc, '$.a ? (@ > 1)'::jsonpath), jsonb_path_query_first(doc, '$.b') FROM t",
                "SELECT jsonb_path_match(doc, 'exists($.a ? (@ == 1))', vars => '{}', silent => true) FROM t",
            })
    void givenLiteralPathThatVisitsEachItemOnce_whenChecked_thenAllowed(String sql) {
        assertThat(guard.check(sql).allowed()).as(sql).isTrue();
    }
}
