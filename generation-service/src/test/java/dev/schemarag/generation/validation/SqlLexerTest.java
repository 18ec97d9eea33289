package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.generation.validation.SqlToken.Kind;
import dev.schemarag.generation.validation.SqlTokens.Unclosed.What;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

    private static List<String> texts(String sql) {
        return SqlLexer.tokenize(sql).tokens().stream().map(SqlToken::text).toList();
    }

    @Test
    void givenCommentsAndWhitespace_whenTokenized_thenTheyProduceNoTokens() {
        assertThat(texts("SELECT /* a /* nested */ b */ 1 -- tail ; x\n, 2")).containsExactly("SELECT", "1", ",", "2");
    }

    @Test
    void givenDoubledQuote_whenTokenized_thenItStaysInsideTheString() {
        assertThat(texts("SELECT 'it''s;' AS x")).containsExactly("SELECT", "'it''s;'", "AS", "x");
    }

    @Test
    void givenBackslashInStandardString_whenTokenized_thenTheQuoteClosesTheString() {
        assertThat(texts("SELECT 'a\\'; x")).containsExactly("SELECT", "'a\\'", ";", "x");
    }

    @Test
    void givenEscapeString_whenTokenized_thenBackslashEscapesTheQuote() {
        assertThat(texts("SELECT E'a\\'; b' ; x")).containsExactly("SELECT", "E'a\\'; b'", ";", "x");
    }

    @Test
    void givenDollarQuotedString_whenTokenized_thenItIsOneStringToken() {
        SqlTokens tokens = SqlLexer.tokenize("SELECT $fn$ a'; $$ $fn$, $1");
        assertThat(tokens.tokens())
                .extracting(SqlToken::kind)
                .containsExactly(Kind.WORD, Kind.STRING, Kind.SYMBOL, Kind.PARAMETER);
    }

    @Test
    void givenQuotedIdentifier_whenTokenized_thenIdentifierKeepsCaseAndSpaces() {
        SqlToken token = SqlLexer.tokenize("\"Free Meal Count (K-12)\"").get(0);
        assertThat(token.kind()).isEqualTo(Kind.QUOTED_IDENTIFIER);
        assertThat(token.identifier()).isEqualTo("Free Meal Count (K-12)");
    }

    @Test
    void givenUnquotedIdentifier_whenNormalized_thenFoldsToLowerCase() {
        assertThat(SqlLexer.tokenize("T1").get(0).identifier()).isEqualTo("t1");
    }

    @Test
    void givenCastAndOperators_whenTokenized_thenEachIsOneSymbol() {
        assertThat(texts("a::int <> b->>'k'")).containsExactly("a", "::", "int", "<>", "b", "->>", "'k'");
    }

    @Test
    void givenStrayCharacters_whenTokenized_thenTheyAreSymbolsThatAreNeitherPunctuationNorOperators() {
        SqlTokens tokens = SqlLexer.tokenize("a::int, b->>'k' \\ {c} $ (d[1]).e; \u000b");
        assertThat(tokens.tokens().stream()
                        .filter(t -> t.kind() == SqlToken.Kind.SYMBOL)
                        .filter(t -> !SqlLexer.isPunctuationOrOperator(t))
                        .map(SqlToken::text))
                .containsExactly("\\", "{", "}", "$", "\u000b");
    }

    @Test
    void givenUnclosedString_whenTokenized_thenReportsItsStart() {
        assertThat(SqlLexer.tokenize("SELECT 'abc").unclosed()).contains(new SqlTokens.Unclosed(What.STRING, 7));
    }

    @Test
    void givenUnclosedNestedComment_whenTokenized_thenReportsTheComment() {
        assertThat(SqlLexer.tokenize("SELECT 1 /* a /* b */").unclosed())
                .contains(new SqlTokens.Unclosed(What.COMMENT, 9));
    }

    @Test
    void givenTokens_whenTokenized_thenOffsetsPointIntoTheSource() {
        SqlToken token = SqlLexer.tokenize("SELECT  name").get(1);
        assertThat(token.start()).isEqualTo(8);
        assertThat(token.end()).isEqualTo(12);
    }

    @Test
    void givenLineCommentEndedByCarriageReturn_whenTokenized_thenTheNextLineIsCode() {
        assertThat(texts("SELECT 1 --\r; SELECT 2")).containsExactly("SELECT", "1", ";", "SELECT", "2");
    }

    @Test
    void givenBacktick_whenTokenized_thenItIsAnOperatorNotAQuote() {
        assertThat(texts("SELECT 1 AS `x; SELECT 2`"))
                .containsExactly("SELECT", "1", "AS", "`", "x", ";", "SELECT", "2", "`");
    }

    @Test
    void givenUnicodeEscapeString_whenTokenized_thenBackslashDoesNotEscapeTheQuote() {
        assertThat(texts("SELECT U&'a\\'; x")).containsExactly("SELECT", "U&'a\\'", ";", "x");
        assertThat(texts("SELECT U&'d!0061t!+000061' UESCAPE '!'"))
                .containsExactly("SELECT", "U&'d!0061t!+000061'", "UESCAPE", "'!'");
    }

    @Test
    void givenUnicodeEscapeIdentifier_whenTokenized_thenItIsOneQuotedIdentifier() {
        SqlToken token = SqlLexer.tokenize("U&\"d\\0061t\\+000061\"").get(0);
        assertThat(token.kind()).isEqualTo(Kind.QUOTED_IDENTIFIER);
        assertThat(token.text()).isEqualTo("U&\"d\\0061t\\+000061\"");
    }

    @Test
    void givenDollarTagWithNonAsciiCharacters_whenTokenized_thenItQuotesLikePostgres() {
        // PostgreSQL takes any non-ASCII character in a tag, letter or not (scan.l dolq_start/dolq_cont).
        assertThat(texts("SELECT $€$ '$€$; x")).containsExactly("SELECT", "$€$ '$€$", ";", "x");
        assertThat(texts("SELECT $٣$;$٣$")).containsExactly("SELECT", "$٣$;$٣$");
    }

    @Test
    void givenDollarFollowedByDigit_whenTokenized_thenItIsAParameterNotATag() {
        assertThat(SqlLexer.tokenize("SELECT $1$ ; x").tokens())
                .extracting(SqlToken::kind)
                .containsExactly(Kind.WORD, Kind.PARAMETER, Kind.SYMBOL, Kind.SYMBOL, Kind.WORD);
    }

    @Test
    void givenNonAsciiAndDollarInIdentifiers_whenTokenized_thenTheyArePartOfTheWord() {
        assertThat(texts("SELECT größe$1, a\u2003b FROM t"))
                .containsExactly("SELECT", "größe$1", ",", "a\u2003b", "FROM", "t");
    }

    @Test
    void givenNestedBlockCommentHidingASemicolon_whenTokenized_thenTheCommentEndsAtTheOuterClose() {
        assertThat(texts("SELECT 1 /* a /* ; */ ; */ , 2")).containsExactly("SELECT", "1", ",", "2");
    }

    @Test
    void givenUnicodeUpperCase_whenNormalized_thenOnlyAsciiLettersFold() {
        // Java would fold the Kelvin sign into "k"; PostgreSQL keeps it, so the name is not "rank".
        assertThat(SqlLexer.tokenize("RAN\u212A").get(0).identifier()).isEqualTo("ran\u212A");
    }
}
