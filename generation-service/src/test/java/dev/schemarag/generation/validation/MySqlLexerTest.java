package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MySqlLexerTest {

    private static List<String> texts(String sql) {
        return MySqlLexer.tokenize(sql).tokens().tokens().stream()
                .map(SqlToken::text)
                .toList();
    }

    @Test
    void givenDoubledBacktick_whenLexed_thenOneQuotedIdentifier() {
        assertThat(texts("SELECT `a``b;c` FROM t")).containsExactly("SELECT", "`a``b;c`", "FROM", "t");
    }

    @Test
    void givenHash_whenLexed_thenCommentToLineFeedOnly() {
        assertThat(texts("SELECT 1 # x\r; y\n, 2")).containsExactly("SELECT", "1", ",", "2");
        assertThat(MySqlLexer.tokenize("SELECT 1 # note").comments()).containsExactly("# note");
    }

    @Test
    void givenDashDashWithoutWhitespace_whenLexed_thenTwoMinusSigns() {
        assertThat(texts("SELECT 1--1")).containsExactly("SELECT", "1", "-", "-", "1");
        assertThat(texts("SELECT 1 --x")).containsExactly("SELECT", "1", "-", "-", "x");
    }

    @Test
    void givenDashDashWithWhitespaceOrAtTheEnd_whenLexed_thenComment() {
        assertThat(texts("SELECT 1 -- x; DROP\n, 2")).containsExactly("SELECT", "1", ",", "2");
        assertThat(texts("SELECT 1 --\t; DROP")).containsExactly("SELECT", "1");
        assertThat(texts("SELECT 1 --")).containsExactly("SELECT", "1");
    }

    @Test
    void givenNestedBlockComment_whenLexed_thenTheFirstCloseEndsIt() {
        assertThat(texts("SELECT 1 /* a /* b */ , 2 */")).containsExactly("SELECT", "1", ",", "2", "*", "/");
    }

    @Test
    void givenBothQuoteKinds_whenLexed_thenStringsWithBackslashAndDoubledQuoteEscapes() {
        List<SqlToken> tokens = MySqlLexer.tokenize("SELECT 'a\\'b;', \"c\"\"d\", x'1F'")
                .tokens()
                .tokens();

        assertThat(tokens)
                .extracting(SqlToken::kind)
                .containsExactly(
                        SqlToken.Kind.WORD,
                        SqlToken.Kind.STRING,
                        SqlToken.Kind.SYMBOL,
                        SqlToken.Kind.STRING,
                        SqlToken.Kind.SYMBOL,
                        SqlToken.Kind.STRING);
        assertThat(MySqlStrings.value(tokens.get(1).text())).isEqualTo("a'b;");
        assertThat(MySqlStrings.value(tokens.get(3).text())).isEqualTo("c\"d");
    }

    @Test
    void givenOtherSqlModes_whenLexed_thenQuotesEndElsewhere() {
        String sql = "SELECT 'a\\'z', \"c\"";

        assertThat(MySqlLexer.tokenize(sql, MySqlLexer.Mode.NO_BACKSLASH_ESCAPES)
                        .tokens()
                        .tokens())
                .extracting(SqlToken::text)
                .startsWith("SELECT", "'a\\'", "z");
        assertThat(MySqlLexer.tokenize(sql, MySqlLexer.Mode.ANSI_QUOTES)
                        .tokens()
                        .tokens())
                .extracting(SqlToken::kind)
                .endsWith(SqlToken.Kind.QUOTED_IDENTIFIER);
    }

    @Test
    void givenMultiCharacterOperators_whenLexed_thenLongestMatch() {
        assertThat(texts("SELECT a<=>b, c->>'$.x', @@v, d:=1"))
                .containsExactly(
                        "SELECT", "a", "<=>", "b", ",", "c", "->>", "'$.x'", ",", "@", "@", "v", ",", "d", ":=", "1");
    }

    @Test
    void givenUnclosedComment_whenLexed_thenReportedWhereItOpens() {
        assertThat(MySqlLexer.tokenize("SELECT 1 /* open").tokens().unclosed())
                .hasValueSatisfying(open -> assertThat(open.position()).isEqualTo(9));
    }

    @Test
    void givenTokens_whenWrittenForTheParser_thenCommentsGoneLiteralsNeutralAndOddNamesQuoted() {
        SqlTokens tokens = MySqlLexer.tokenize("SELECT `A``b`.x, 'it\\'s\\\\' # c\nFROM t, $$ AS $Z$")
                .tokens();

        assertThat(MySqlReadOnlyGuard.parserText(tokens))
                .isEqualTo("SELECT \"a`b\".x , 'it''s ' FROM t , \"$$\" AS \"$z$\"");
    }
}
