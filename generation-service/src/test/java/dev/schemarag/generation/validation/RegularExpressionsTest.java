package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RegularExpressionsTest {

    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "abc ; 1",
                "a+(b*)?c ; 1",
                "\\d{3}-\\d{4} ; 4",
                "a{10}b{20,}c{3,30} ; 30",
                "(a{10}){10} ; 100",
                "((a{10}b){10}){10}c{999} ; 1000",
                "(a{1,255}){1,255} ; 65025",
                "[{]{5}(x)\\{9} ; 5",
                "[]{]{7} ; 7",
                "[[:digit:]{]{4} ; 4",
                "(a|b{40}){30} ; 1200",
            })
    void givenPattern_whenMeasured_thenNestedCountsMultiplyAndSequentialOnesDoNot(String pattern, long expected) {
        assertThat(RegularExpressions.largestNestedRepetition(pattern)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT x ~ '((a{10}){10}){11}' FROM t",
                "SELECT x ~* '(a{1,100}){1,100}' FROM t",
                "SELECT x !~ '(a{1,100}){1,100}' FROM t",
                "SELECT x !~* '(a{1,100}){1,100}' FROM t",
                "SELECT x SIMILAR TO '(a{1,100}){1,100}' FROM t",
                "SELECT x NOT SIMILAR TO '(a{1,100}){1,100}' FROM t",
                "SELECT regexp_match(x, '(a{1,100}){1,100}') FROM t",
                "SELECT regexp_matches(x, '(a{1,100}){1,100}', 'g') FROM t",
                "SELECT regexp_replace(x, '(a{1,100}){1,100}', '') FROM t",
                "SELECT regexp_split_to_array(x, '(a{1,100}){1,100}') FROM t",
                "SELECT regexp_split_to_table(x, '(a{1,100}){1,100}') FROM t",
                "SELECT regexp_like(x, '(a{1,100}){1,100}') FROM t",
                "SELECT regexp_count(x, '(a{1,100}){1,100}') FROM t",
                "SELECT regexp_substr(x, '(a{1,100}){1,100}') FROM t",
                "SELECT regexp_instr(x, '(a{1,100}){1,100}') FROM t",
                "SELECT pg_catalog.\"regexp_like\"(x, '(a{1,100}){1,100}') FROM t",
                "SELECT substring(x from '(a{1,100}){1,100}') FROM t",
                "SELECT substring(x similar '(a{1,100}){1,100}' escape '#') FROM t",
                "SELECT x ~ E'(a\\x7b1,100}){1,100}' FROM t",
                "SELECT x ~ '(a{1,100})'\n'{1,100}' FROM t",
                "SELECT x ~ p FROM t, (SELECT '(a{1,100}){1,100}' p) s",
                "WITH p AS (SELECT '(a{1,100}){1,100}' v) SELECT x ~ v FROM t, p",
            })
    void givenPatternWhoseNestedCountsMultiplyPastTheCap_whenChecked_thenBlocked(String sql) {
        assertThat(guard.check(sql).reason()).as(sql).contains("nested repetition counts multiply to more than 1000");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT x ~ '((a{10}){10}){10}' FROM t",
                "SELECT x ~ '^\\d{3}-\\d{4}$', regexp_replace(y, '[0-9]{2,}', '#', 'g') FROM t",
                "SELECT x SIMILAR TO '%(b|d){2}%' FROM t",
                "SELECT substring(x from '[0-9]{4}') FROM t",
                "SELECT '(a{1,100}){1,100}' AS not_a_pattern FROM t",
            })
    void givenPatternWithinTheCap_whenChecked_thenAllowed(String sql) {
        assertThat(guard.check(sql).allowed()).as(sql).isTrue();
    }
}
