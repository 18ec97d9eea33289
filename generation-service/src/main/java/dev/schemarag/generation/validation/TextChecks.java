package dev.schemarag.generation.validation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Lint rules that read tokens only, so they also explain SQL that JSqlParser cannot parse: unclosed quotes and
 * comments, unbalanced parentheses and trailing commas.
 */
final class TextChecks {

    /** Keywords that end a SELECT list, GROUP BY or ORDER BY; a comma right before one of them is left dangling. */
    private static final Set<String> CLAUSE_ENDS = Set.of(
            "from",
            "where",
            "group",
            "having",
            "order",
            "limit",
            "offset",
            "fetch",
            "for",
            "window",
            "union",
            "intersect",
            "except",
            "into");

    private enum Clause {
        SELECT,
        GROUP_BY,
        ORDER_BY,
        OTHER
    }

    private TextChecks() {}

    static List<LintIssue> check(SqlTokens tokens) {
        List<LintIssue> issues = new ArrayList<>();
        tokens.unclosed().ifPresent(open -> issues.add(unclosed(open)));
        // An open literal swallows the rest of the text, so parentheses and commas after it cannot be judged.
        if (tokens.unclosed().isEmpty()) {
            parentheses(tokens).ifPresent(issues::add);
            issues.addAll(trailingCommas(tokens));
        }
        return issues;
    }

    private static LintIssue unclosed(SqlTokens.Unclosed open) {
        LintCode code =
                open.what() == SqlTokens.Unclosed.What.COMMENT ? LintCode.UNCLOSED_COMMENT : LintCode.UNCLOSED_QUOTE;
        return LintIssue.of(
                code, open.what().description() + " opened at position " + open.position() + " is never closed");
    }

    private static Optional<LintIssue> parentheses(SqlTokens tokens) {
        Deque<SqlToken> open = new ArrayDeque<>();
        for (SqlToken token : tokens.tokens()) {
            if (token.isSymbol("(")) {
                open.push(token);
            } else if (token.isSymbol(")")) {
                if (open.isEmpty()) {
                    return Optional.of(LintIssue.of(
                            LintCode.UNBALANCED_PARENS, "')' at position " + token.start() + " has no matching '('"));
                }
                open.pop();
            }
        }
        if (open.isEmpty()) return Optional.empty();
        return Optional.of(LintIssue.of(
                LintCode.UNBALANCED_PARENS,
                open.size() + " '(' never closed, the last at position "
                        + open.peek().start()));
    }

    private static List<LintIssue> trailingCommas(SqlTokens tokens) {
        List<LintIssue> issues = new ArrayList<>();
        Deque<Clause> clauses = new ArrayDeque<>();
        clauses.push(Clause.OTHER);
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.isSymbol("(")) {
                clauses.push(Clause.OTHER);
            } else if (token.isSymbol(")")) {
                if (clauses.size() > 1) clauses.pop();
            } else if (token.kind() == SqlToken.Kind.WORD) {
                clauseStartedBy(tokens, i).ifPresent(clause -> {
                    clauses.pop();
                    clauses.push(clause);
                });
            } else if (token.isSymbol(",") && danglesAfter(tokens, i)) {
                trailingComma(clauses.peek(), token).ifPresent(issues::add);
            }
        }
        return issues;
    }

    private static Optional<Clause> clauseStartedBy(SqlTokens tokens, int i) {
        SqlToken word = tokens.get(i);
        if (word.isWord("select")) return Optional.of(Clause.SELECT);
        if (word.isWord("group") && tokens.wordAt(i + 1, "by")) return Optional.of(Clause.GROUP_BY);
        if (word.isWord("order") && tokens.wordAt(i + 1, "by")) return Optional.of(Clause.ORDER_BY);
        if (word.isWordIn(CLAUSE_ENDS) || word.isWord("partition") || word.isWord("values")) {
            return Optional.of(Clause.OTHER);
        }
        return Optional.empty();
    }

    private static boolean danglesAfter(SqlTokens tokens, int comma) {
        Optional<SqlToken> next = tokens.at(comma + 1);
        return next.isEmpty()
                || next.get().isSymbol(")")
                || next.get().isSymbol(";")
                || next.get().isSymbol(",")
                || next.get().isWordIn(CLAUSE_ENDS);
    }

    private static Optional<LintIssue> trailingComma(Clause clause, SqlToken comma) {
        String where = " at position " + comma.start();
        return switch (clause) {
            case SELECT ->
                Optional.of(LintIssue.of(
                        LintCode.TRAILING_COMMA_SELECT,
                        "comma" + where + " ends the SELECT list without a following column"));
            case GROUP_BY ->
                Optional.of(LintIssue.of(
                        LintCode.TRAILING_COMMA_GROUPBY,
                        "comma" + where + " ends the GROUP BY list without a following expression"));
            case ORDER_BY ->
                Optional.of(LintIssue.of(
                        LintCode.TRAILING_COMMA_ORDERBY,
                        "comma" + where + " ends the ORDER BY list without a following expression"));
            case OTHER -> Optional.empty();
        };
    }
}
