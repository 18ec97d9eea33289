package dev.schemarag.generation.validation;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NextValExpression;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL {@link ReadOnlyGuard}. Lets through exactly one read-only query: a SELECT (also WITH ... SELECT, set operations, VALUES, TABLE) that
 * calls only allowlisted functions, modifies nothing, takes no row locks and creates no table. Anything it cannot
 * parse is blocked, since it would not know what the database is about to run.
 * <p>
 * The checks run twice over: on the token stream as PostgreSQL lexes it and on JSqlParser's tree. The tree gives
 * structure (DML inside a CTE, SELECT INTO, FOR UPDATE, every function call); the tokens guard against the parser
 * reading the text differently from PostgreSQL (it silently drops a tail after some dollar-quoted strings).
 * Before either, {@link StatementLimits} keeps recursive parsing away from a stack overflow, and the JDBC driver's
 * own splitter must also see exactly one statement, since the driver sends whatever statements it finds.
 * <p>
 * A read-only query can still exhaust the server while it is planned for EXPLAIN, where statement_timeout does not
 * reach every costly step: size-amplifying calls ({@link AmplifyingCalls}), jsonpath filters ({@link JsonPaths}) and
 * regular expressions ({@link RegularExpressions}) are bounded on the tokens, the query's structure by a
 * {@link StructuralBudget} on the tree.
 */
public final class ReadOnlySafetyGuard implements ReadOnlyGuard {

    private static final Logger log = LoggerFactory.getLogger(ReadOnlySafetyGuard.class);

    private static final Set<String> QUERY_STARTS = Set.of("select", "with", "values", "table");
    private static final Set<String> DATA_MODIFYING = Set.of("insert", "update", "delete", "merge");
    private static final Set<String> ROW_LOCK_MODES = Set.of("update", "share", "no", "key");

    private final StatementLimits limits;
    private final StructuralBudget budget;

    public ReadOnlySafetyGuard() {
        this(StatementLimits.DEFAULT, StructuralBudget.DEFAULT);
    }

    public ReadOnlySafetyGuard(StatementLimits limits, StructuralBudget budget) {
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
        SqlTokens all = SqlLexer.tokenize(sql);
        Optional<String> unclosed = StatementText.unclosed(all);
        if (unclosed.isPresent()) return SafetyVerdict.block(unclosed.get());
        int semicolon = firstSemicolon(all);
        if (semicolon < all.size() - 1) return SafetyVerdict.block("multiple statements are not allowed");
        if (semicolon == 0 || all.size() == 0) return SafetyVerdict.block("the SQL is empty");
        if (!DriverStatements.isSingle(sql)) return SafetyVerdict.block(DriverStatements.MULTIPLE_STATEMENTS);
        Optional<String> tooComplex = limits.violation(all);
        if (tooComplex.isPresent()) return SafetyVerdict.block(tooComplex.get());

        String statementSql =
                semicolon < all.size() ? sql.substring(0, all.get(semicolon).start()) : sql;
        SqlTokens tokens = new SqlTokens(statementSql, all.tokens().subList(0, semicolon), Optional.empty());
        Optional<String> violation = lexicalViolation(tokens)
                .or(() -> AttributeNotation.violation(tokens))
                .or(() -> AmplifyingCalls.violation(tokens))
                .or(() -> JsonPaths.violation(tokens))
                .or(() -> RegularExpressions.violation(tokens));
        if (violation.isPresent()) return SafetyVerdict.block(violation.get());

        ParsedStatement parsed = ParsedStatement.parse(statementSql);
        if (!parsed.parsed()) {
            return SafetyVerdict.block("the SQL could not be parsed (" + parsed.error() + ")");
        }
        Statement statement = parsed.statement().get();
        if (!(statement instanceof Select select)) {
            return SafetyVerdict.block("only SELECT queries are allowed, not " + statementKind(statement));
        }
        try {
            violation = treeViolation(statement)
                    .or(() -> callViolation(tokens, definedNames(statement)))
                    .or(() -> budget.violation(StatementShape.of(select)));
        } catch (RuntimeException e) {
            log.warn("could not analyse a query, blocking it: {}", e.toString());
            return SafetyVerdict.block("the query could not be analysed");
        } catch (StackOverflowError e) {
            return SafetyVerdict.block(StatementLimits.TOO_COMPLEX);
        }
        return violation.map(SafetyVerdict::block).orElseGet(SafetyVerdict::allow);
    }

    /** Index of the first ";" token, or the token count when there is none. */
    private static int firstSemicolon(SqlTokens tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).isSymbol(";")) return i;
        }
        return tokens.size();
    }

    /**
     * Control characters other than tab, CR, LF and form feed have no place in a query, not even in a literal or a
     * comment: server versions disagree on some (PostgreSQL 16 made vertical tab whitespace) and a NUL ends the
     * text early on the wire.
     */
    private static Optional<String> lexicalViolation(SqlTokens tokens) {
        SqlToken first = tokens.get(0);
        if (!first.isWordIn(QUERY_STARTS) && !first.isSymbol("(")) {
            return Optional.of(
                    "only SELECT queries are allowed, not " + first.text().toUpperCase(Locale.ROOT));
        }
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            Optional<SqlToken> next = tokens.at(i + 1);
            if (token.kind() == SqlToken.Kind.SYMBOL && !SqlLexer.isPunctuationOrOperator(token)) {
                return Optional.of(
                        "the character \"" + token.text() + "\" is not allowed outside literals and comments");
            }
            if (token.kind() == SqlToken.Kind.QUOTED_IDENTIFIER && !token.text().startsWith("\"")) {
                return Optional.of("Unicode-escaped identifiers (U&\"...\") are not allowed");
            }
            if (token.isWord("into")) {
                return Optional.of("SELECT ... INTO is not allowed");
            }
            if (token.isWord("for") && next.map(t -> t.isWordIn(ROW_LOCK_MODES)).orElse(false)) {
                return Optional.of("row locking (FOR UPDATE/SHARE) is not allowed");
            }
            if (token.isSymbol("(") && next.map(t -> t.isWordIn(DATA_MODIFYING)).orElse(false)) {
                return Optional.of("data-modifying statement "
                        + next.get().text().toUpperCase(Locale.ROOT) + " inside the query is not allowed");
            }
        }
        return Optional.empty();
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
            return "data-modifying statement " + statementKind(nested) + " inside the query is not allowed";
        }
        if (node instanceof PlainSelect select
                && (select.getIntoTables() != null && !select.getIntoTables().isEmpty()
                        || select.getIntoTempTable() != null
                        || select.getMySqlSelectIntoClause() != null)) {
            return "SELECT ... INTO is not allowed";
        }
        if (node instanceof Select select && (select.getForMode() != null || select.getForUpdate() != null)) {
            return "row locking (FOR UPDATE/SHARE) is not allowed";
        }
        if (node instanceof Select select && select.getForClause() != null) {
            return "FOR XML/JSON clauses are not allowed";
        }
        if (node instanceof NextValExpression) return "function nextval is not allowed";
        if (node instanceof Function function) return functionViolation(function.getMultipartName());
        if (node instanceof AnalyticExpression window) return functionViolation(List.of(window.getName()));
        return null;
    }

    private static String functionViolation(List<String> nameParts) {
        // A table function wraps the call it names; the wrapped call is checked as its own node.
        if (nameParts == null || nameParts.isEmpty() || nameParts.get(0) == null) return null;
        // JSqlParser models some keyword constructs as calls: x = ANY (ARRAY[...]), ROW(1, 2).
        if (nameParts.size() == 1
                && !Identifiers.isQuoted(nameParts.get(0))
                && KeywordParens.isParenKeyword(nameParts.get(0).toLowerCase(Locale.ROOT))) {
            return null;
        }
        List<String> parts = nameParts.stream().map(Identifiers::normalize).toList();
        boolean allowed = parts.size() == 1 && PostgresFunctions.isAllowed(null, parts.get(0))
                || parts.size() == 2 && PostgresFunctions.isAllowed(parts.get(0), parts.get(1));
        return allowed ? null : "function " + String.join(".", parts) + " is not allowed";
    }

    /**
     * Every "name(" in the token stream must be a keyword, an allowlisted function, or a CTE or alias declaring
     * column names ({@code WITH t(a, b) AS}, {@code AS t(a, b)}).
     */
    private static Optional<String> callViolation(SqlTokens tokens, Set<String> definedNames) {
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!token.isIdentifier() || !tokens.symbolAt(i + 1, "(")) continue;
            boolean qualified = tokens.symbolAt(i - 1, ".");
            if (KeywordParens.isKeyword(tokens, i)) continue;
            String name = token.identifier();
            // "" stands for a qualifier no function may have: not an identifier, or a three-part name.
            String schema = !qualified
                    ? null
                    : tokens.symbolAt(i - 3, ".")
                            ? ""
                            : tokens.at(i - 2)
                                    .filter(SqlToken::isIdentifier)
                                    .map(SqlToken::identifier)
                                    .orElse("");
            if (PostgresFunctions.isAllowed(schema, name)) continue;
            if (!qualified && definedNames.contains(name) && isNameDefinition(tokens, i)) continue;
            return Optional.of("function " + (qualified ? schema + "." : "") + name + " is not allowed");
        }
        return Optional.empty();
    }

    private static boolean isNameDefinition(SqlTokens tokens, int index) {
        Optional<SqlToken> previous = tokens.at(index - 1);
        if (previous.isEmpty()) return false;
        SqlToken before = previous.get();
        if (before.isWord("as") || before.isWord("with") || before.isWord("recursive")) return true;
        if (before.isSymbol(")")) return true;
        if (before.kind() == SqlToken.Kind.QUOTED_IDENTIFIER) return true;
        if (before.kind() == SqlToken.Kind.WORD) {
            String word = before.text().toLowerCase(Locale.ROOT);
            return !Identifiers.isReserved(word) && !KeywordParens.isParenKeyword(word);
        }
        int close = tokens.closingParen(index + 1);
        return before.isSymbol(",") && close > 0 && tokens.wordAt(close + 1, "as");
    }

    private static Set<String> definedNames(Statement statement) {
        Set<String> names = new HashSet<>();
        AstNodes.walk(statement, node -> {
            if (node instanceof WithItem<?> with && with.getAliasName() != null) {
                names.add(Identifiers.normalize(with.getAliasName()));
            }
            if (node instanceof Alias alias
                    && alias.getAliasColumns() != null
                    && !alias.getAliasColumns().isEmpty()) {
                names.add(Identifiers.normalize(alias.getName()));
            }
            return true;
        });
        return names;
    }

    /** "DELETE", "CREATE TABLE", "EXPLAIN": the statement's kind as SQL keywords. */
    static String statementKind(Statement statement) {
        String name = statement
                .getClass()
                .getSimpleName()
                .replaceFirst("^Parenthesed", "")
                .replaceFirst("Statement$", "");
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toUpperCase(Locale.ROOT);
    }
}
