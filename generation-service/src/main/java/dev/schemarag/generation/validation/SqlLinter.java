package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.statement.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deterministic checks run on generated SQL before it is sent to EXPLAIN, so cheap mistakes are repaired without
 * a database round trip. Token rules always run; tree rules run when JSqlParser can parse the statement, and a
 * parse failure that no token rule explains is reported as {@code parse_error} with the parser's message.
 */
public final class SqlLinter {

    private static final Logger log = LoggerFactory.getLogger(SqlLinter.class);

    public LintReport lint(String sql) {
        return lint(sql, SchemaColumns.empty());
    }

    /** Lints with the context's table columns, which also enables the {@code ambiguous_column} rule. */
    public LintReport lint(String sql, SchemaColumns schema) {
        if (sql == null || sql.isBlank()) {
            return new LintReport(List.of(LintIssue.of(LintCode.PARSE_ERROR, "the SQL is empty")));
        }
        List<LintIssue> issues = new ArrayList<>(TextChecks.check(SqlLexer.tokenize(sql)));
        ParsedStatement parsed = ParsedStatement.parse(sql);
        if (parsed.statement().isEmpty()) {
            if (issues.stream().noneMatch(LintIssue::isError)) {
                issues.add(LintIssue.of(LintCode.PARSE_ERROR, parsed.error()));
            }
            return new LintReport(issues);
        }
        try {
            issues.addAll(treeIssues(parsed.statement().get(), schema));
        } catch (RuntimeException | StackOverflowError e) {
            log.warn("tree lint rules failed, reporting token rules only: {}", e.toString());
        }
        return new LintReport(issues);
    }

    private static List<LintIssue> treeIssues(Statement statement, SchemaColumns schema) {
        List<LintIssue> issues = new ArrayList<>();
        List<QueryBlock> blocks = QueryBlocks.of(statement);
        for (QueryBlock block : blocks) {
            issues.addAll(ScopeChecks.joinsWithoutCondition(block));
            issues.addAll(ScopeChecks.undefinedQualifiers(block));
        }
        for (QueryBlock block : blocks) {
            issues.addAll(ScopeChecks.duplicateRelations(block));
            issues.addAll(ScopeChecks.duplicateColumnAliases(block));
            issues.addAll(GroupingChecks.check(block));
            issues.addAll(AmbiguityCheck.check(block, schema));
        }
        issues.addAll(ScopeChecks.duplicateCteNames(statement));
        return issues;
    }
}
