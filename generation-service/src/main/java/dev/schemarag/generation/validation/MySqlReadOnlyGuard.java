package dev.schemarag.generation.validation;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.expression.UserVariable;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MySQL and MariaDB {@link ReadOnlyGuard}: lets through exactly one SELECT (or WITH ... SELECT) that calls only
 * allowlisted built-ins and writes, locks, sets and reads no variable, file or server state.
 * <p>
 * It reads the text as the server does under the default sql_mode ({@link MySqlLexer}) and refuses text that another
 * sql_mode would split differently, comments the server executes ({@code /*!}, {@code /*M!}) and optimizer hints
 * ({@link MySqlLexicalRules}). JSqlParser then gets a rewrite of the tokens the guard saw, not the original text:
 * comments dropped, every literal single-quoted with no backslash in it, backticked names double-quoted. So the tree
 * it checks (nested statements, SELECT INTO, locking clauses, every call, the {@link StructuralBudget}) is built from
 * exactly the tokens MySQL will run, whatever JSqlParser makes of MySQL's own lexical rules. The size limits, the
 * structural budget and the bounds on enlarging calls and regular expressions are those of the PostgreSQL guard.
 */
public final class MySqlReadOnlyGuard implements ReadOnlyGuard {

    private static final Logger log = LoggerFactory.getLogger(MySqlReadOnlyGuard.class);
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_]+");

    private final StatementLimits limits;
    private final StructuralBudget budget;

    public MySqlReadOnlyGuard() {
        this(StatementLimits.DEFAULT, StructuralBudget.DEFAULT);
    }

    public MySqlReadOnlyGuard(StatementLimits limits, StructuralBudget budget) {
        this.limits = limits;
        this.budget = budget;
    }

    @Override
    public SafetyVerdict check(String sql) {
        SafetyVerdict verdict = verdictFor(sql);
        if (verdict.blocked()) log.debug("query blocked: {}", verdict.reason());
        return verdict;
    }

    private SafetyVerdict verdictFor(String sql) {
        Optional<String> text = StatementText.violation(sql, limits);
        if (text.isPresent()) return SafetyVerdict.block(text.get());
        MySqlLexer.Lexed lexed = MySqlLexer.tokenize(sql);
        SqlTokens all = lexed.tokens();
        Optional<String> unclosed = StatementText.unclosed(all);
        if (unclosed.isPresent()) return SafetyVerdict.block(unclosed.get());
        Optional<String> violation = MySqlLexicalRules.commentViolation(lexed.comments())
                .or(() -> MySqlLexicalRules.modeViolation(sql, all));
        if (violation.isPresent()) return SafetyVerdict.block(violation.get());
        int semicolon = firstSemicolon(all);
        if (semicolon < all.size() - 1) return SafetyVerdict.block("multiple statements are not allowed");
        if (semicolon == 0 || all.size() == 0) return SafetyVerdict.block("the SQL is empty");
        Optional<String> tooComplex = limits.violation(all);
        if (tooComplex.isPresent()) return SafetyVerdict.block(tooComplex.get());

        SqlTokens tokens = new SqlTokens(sql, all.tokens().subList(0, semicolon), Optional.empty());
        violation = MySqlLexicalRules.tokenViolation(tokens);
        if (violation.isPresent()) return SafetyVerdict.block(violation.get());

        ParsedStatement parsed = ParsedStatement.parse(parserText(tokens));
        if (!parsed.parsed()) return SafetyVerdict.block("the SQL could not be parsed (" + parsed.error() + ")");
        Statement statement = parsed.statement().get();
        if (!(statement instanceof Select select)) {
            return SafetyVerdict.block(
                    "only SELECT queries are allowed, not " + ReadOnlySafetyGuard.statementKind(statement));
        }
        try {
            violation = treeViolation(statement)
                    .or(() -> MySqlCalls.violation(tokens, definedNames(statement)))
                    .or(() -> budget.violation(StatementShape.of(select)));
        } catch (RuntimeException e) {
            log.warn("could not analyse a query, blocking it: {}", e.toString());
            return SafetyVerdict.block("the query could not be analysed");
        } catch (StackOverflowError e) {
            return SafetyVerdict.block(StatementLimits.TOO_COMPLEX);
        }
        return violation.map(SafetyVerdict::block).orElseGet(SafetyVerdict::allow);
    }

    private static int firstSemicolon(SqlTokens tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).isSymbol(";")) return i;
        }
        return tokens.size();
    }

    /** As the PostgreSQL guard: control characters other than tab, CR, LF and form feed, anywhere. */
    /**
     * The tokens as text any parser reads the same way: one space between tokens (none around a "." that touched
     * its neighbours, so qualified names stay whole), strings as neutral single-quoted literals, and names quoted
     * whenever they hold more than ASCII letters, digits and "_" ({@code $$} is a name to MySQL and a dollar-quoted
     * string to JSqlParser, which would hide whatever lies between two of them), backticked names too. Quoted names
     * are lower-cased, as MySQL compares column names, so that the plan size estimate matches every reference.
     */
    static String parserText(SqlTokens tokens) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (i > 0 && !joinsPrevious(tokens, i)) text.append(' ');
            text.append(
                    switch (token.kind()) {
                        case STRING -> MySqlStrings.neutralLiteral(MySqlStrings.value(token.text()));
                        case QUOTED_IDENTIFIER ->
                            quotedName(token.text()
                                    .substring(1, token.text().length() - 1)
                                    .replace("``", "`"));
                        case WORD ->
                            PLAIN_WORD.matcher(token.text()).matches() ? token.text() : quotedName(token.text());
                        default -> token.text();
                    });
        }
        return text.toString();
    }

    private static String quotedName(String name) {
        return "\"" + MySqlCalls.lowerCase(name).replace("\"", "\"\"") + "\"";
    }

    private static boolean joinsPrevious(SqlTokens tokens, int i) {
        SqlToken previous = tokens.get(i - 1);
        SqlToken token = tokens.get(i);
        return previous.end() == token.start() && (previous.isSymbol(".") || token.isSymbol("."));
    }

    private static Optional<String> treeViolation(Statement statement) {
        String[] found = new String[1];
        AstNodes.walk(statement, node -> {
            if (found[0] == null) found[0] = nodeViolation(node);
            return found[0] == null;
        });
        return Optional.ofNullable(found[0]);
    }

    private static String nodeViolation(Object node) {
        if (node instanceof Statement nested && !(node instanceof Select)) {
            return "data-modifying statement " + ReadOnlySafetyGuard.statementKind(nested)
                    + " inside the query is not allowed";
        }
        if (node instanceof PlainSelect select
                && (select.getIntoTables() != null && !select.getIntoTables().isEmpty()
                        || select.getIntoTempTable() != null
                        || select.getMySqlSelectIntoClause() != null)) {
            return "SELECT ... INTO (OUTFILE, DUMPFILE, variables) is not allowed";
        }
        if (node instanceof Select select && (select.getForMode() != null || select.getForUpdate() != null)) {
            return "row locking (FOR UPDATE/SHARE) is not allowed";
        }
        if (node instanceof Select select && select.getForClause() != null) return "FOR clauses are not allowed";
        if (node instanceof UserVariable) return "user and system variables (@x, @@x) are not allowed";
        if (node instanceof NextValExpression) return "sequence access (NEXT/PREVIOUS VALUE FOR) is not allowed";
        if (node instanceof Function function) return functionViolation(function.getMultipartName());
        if (node instanceof AnalyticExpression window) return functionViolation(List.of(window.getName()));
        return null;
    }

    private static String functionViolation(List<String> nameParts) {
        // A table function wraps the call it names; the wrapped call is checked as its own node.
        if (nameParts == null || nameParts.isEmpty() || nameParts.get(0) == null) return null;
        if (nameParts.size() > 1) return "stored function calls (" + String.join(".", nameParts) + ") are not allowed";
        String written = nameParts.get(0);
        boolean quoted = written.startsWith("\"");
        String name = MySqlCalls.lowerCase(
                quoted ? written.substring(1, written.length() - 1).replace("\"\"", "\"") : written);
        // JSqlParser models some keyword constructs as calls: x = ANY (SELECT ...), ROW(1, 2).
        if (!quoted && MySqlCalls.PAREN_KEYWORDS.contains(name)) return null;
        return MySqlFunctions.isAllowed(name) ? null : "function " + name + " is not allowed";
    }

    private static Set<String> definedNames(Statement statement) {
        Set<String> names = new HashSet<>();
        AstNodes.walk(statement, node -> {
            if (node instanceof WithItem<?> with && with.getAliasName() != null) {
                names.add(unquotedLowerCase(with.getAliasName()));
            }
            if (node instanceof Alias alias
                    && alias.getAliasColumns() != null
                    && !alias.getAliasColumns().isEmpty()) {
                names.add(unquotedLowerCase(alias.getName()));
            }
            return true;
        });
        return names;
    }

    private static String unquotedLowerCase(String name) {
        String unquoted =
                name.startsWith("\"") ? name.substring(1, name.length() - 1).replace("\"\"", "\"") : name;
        return MySqlCalls.lowerCase(unquoted);
    }
}
