package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StringLiteralsTest {

    private static Optional<String> literalAtStart(String sql) {
        return StringLiterals.at(SqlLexer.tokenize(sql), 0).map(StringLiterals.Literal::value);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "'it''s' | it's",
                "'a\\x3f' | a\\x3f",
                "E'a\\x3fb' | a?b",
                "E'\\077\\u0028\\U00000029' | ?()",
                "E'it''s \\q' | it's q",
                "U&'\\003f\\+000028' | ?(",
                "$$a'b$$ | a'b",
                "$t$?($t$ | ?(",
                "N'x' | x",
            })
    void givenStringToken_whenDecoded_thenItIsTheTextTheServerSees(String sql, String expected) {
        assertThat(literalAtStart(sql)).contains(expected);
    }

    @Test
    void givenStringsOneAfterTheOther_whenDecoded_thenTheyAreOneLiteral() {
        assertThat(literalAtStart("'$[*] ? ('\n'(@ > 1))'")).contains("$[*] ? ((@ > 1))");
        assertThat(literalAtStart("'a' /* c */ E'\\x62' $$c$$")).contains("abc");
    }

    @ParameterizedTest
    @ValueSource(strings = {"U&'d!0061t' UESCAPE '!'", "x", "1"})
    void givenNoDecodableLiteral_whenDecoded_thenEmpty(String sql) {
        assertThat(literalAtStart(sql)).isEmpty();
    }
}
