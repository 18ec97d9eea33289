package dev.schemarag.generation.validation;

import dev.schemarag.core.concurrent.DaemonThreads;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;

/** The outcome of parsing one statement with JSqlParser: the statement, or the parser's message on failure. */
record ParsedStatement(Optional<Statement> statement, String error) {
    /**
     * JSqlParser runs each parse on another thread, to bound it by its time-out; without an executor of ours it starts
     * and stops a thread per parse, which costs about as much as parsing a short query. A statement is parsed several
     * times on its way (lint, guard, the columns it reads, its tables), so the parses share a pool.
     */
    private static final ExecutorService PARSER_THREADS =
            Executors.newCachedThreadPool(DaemonThreads.named("sql-parser"));

    private static final Pattern ENCOUNTERED =
            Pattern.compile("Encountered:? (?:<[^>]*> / )?\"(.*?)\",? at line (\\d+), column (\\d+)");

    static ParsedStatement parse(String sql) {
        try {
            return new ParsedStatement(Optional.of(CCJSqlParserUtil.parse(sql, PARSER_THREADS, null)), "");
        } catch (JSQLParserException | RuntimeException e) {
            return new ParsedStatement(Optional.empty(), describe(e));
        } catch (StackOverflowError e) {
            // The parser recurses per nesting level; StatementLimits keeps statements far from this, it is the last
            // net.
            return new ParsedStatement(Optional.empty(), StatementLimits.TOO_COMPLEX);
        }
    }

    boolean parsed() {
        return statement.isPresent();
    }

    /** The parser's own explanation, reduced to its first line and rephrased when it names the offending token. */
    private static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        String firstLine = message.lines().findFirst().orElse("").trim();
        Matcher m = ENCOUNTERED.matcher(firstLine);
        if (m.find()) {
            return "unexpected \"" + m.group(1) + "\" at line " + m.group(2) + ", column " + m.group(3);
        }
        return firstLine.isEmpty() ? "the statement could not be parsed" : firstLine;
    }
}
