package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.WithItem;

/** Lint rules about names in scope: joins without a condition, unknown qualifiers, names given twice. */
final class ScopeChecks {

    private ScopeChecks() {}

    static List<LintIssue> joinsWithoutCondition(QueryBlock block) {
        List<LintIssue> issues = new ArrayList<>();
        for (Join join : block.joins()) {
            boolean explicit = !join.isSimple() && !join.isCross() && !join.isNatural() && !join.isApply();
            boolean hasCondition = !join.getOnExpressions().isEmpty()
                    || join.getUsingColumns() != null && !join.getUsingColumns().isEmpty();
            if (explicit && !hasCondition) {
                issues.add(LintIssue.of(
                        LintCode.JOIN_WITHOUT_CONDITION,
                        "JOIN " + join.getFromItem()
                                + " has no ON or USING condition (write CROSS JOIN if a cartesian product is meant)"));
            }
        }
        return issues;
    }

    static List<LintIssue> undefinedQualifiers(QueryBlock block) {
        List<LintIssue> issues = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (Column column : block.columns()) {
            qualifierOf(column.getTable())
                    .filter(q -> !block.canSee(q) && reported.add(q))
                    .ifPresent(q -> issues.add(undefined(q, column.getFullyQualifiedName())));
        }
        for (AllTableColumns star : block.tableStars()) {
            qualifierOf(star.getTable())
                    .filter(q -> !block.canSee(q) && reported.add(q))
                    .ifPresent(q -> issues.add(undefined(q, star.toString())));
        }
        return issues;
    }

    private static Optional<String> qualifierOf(Table table) {
        return Optional.ofNullable(table).map(Table::getName).map(Identifiers::normalize);
    }

    private static LintIssue undefined(String qualifier, String reference) {
        return LintIssue.of(
                LintCode.UNDEFINED_ALIAS,
                "\"" + qualifier + "\" in " + reference + " is not a table, alias or CTE in the FROM clause");
    }

    /** A FROM entry exposed twice at one level, e.g. {@code FROM emp e JOIN dept e}. */
    static List<LintIssue> duplicateRelations(QueryBlock block) {
        Set<String> seen = new HashSet<>();
        List<LintIssue> issues = new ArrayList<>();
        for (Relation relation : block.relations()) {
            relation.exposedName()
                    .filter(name -> !seen.add(name))
                    .ifPresent(name -> issues.add(
                            LintIssue.of(LintCode.DUPLICATE_ALIAS, "\"" + name + "\" names more than one FROM entry")));
        }
        return issues;
    }

    /** Output columns given the same alias, e.g. {@code SELECT a AS x, b AS x}. */
    static List<LintIssue> duplicateColumnAliases(QueryBlock block) {
        Set<String> seen = new HashSet<>();
        List<LintIssue> issues = new ArrayList<>();
        for (SelectItem<?> item : block.select().getSelectItems()) {
            Optional.ofNullable(item.getAlias())
                    .map(Alias::getName)
                    .map(Identifiers::normalize)
                    .filter(name -> !seen.add(name))
                    .ifPresent(name -> issues.add(LintIssue.of(
                            LintCode.DUPLICATE_ALIAS, "column alias \"" + name + "\" is used more than once")));
        }
        return issues;
    }

    /** CTEs of one WITH clause sharing a name. */
    static List<LintIssue> duplicateCteNames(Statement statement) {
        List<LintIssue> issues = new ArrayList<>();
        AstNodes.walk(statement, node -> {
            if (node instanceof Select select && select.getWithItemsList() != null) {
                Set<String> seen = new HashSet<>();
                for (WithItem<?> with : select.getWithItemsList()) {
                    Optional.ofNullable(with.getAliasName())
                            .map(Identifiers::normalize)
                            .filter(name -> !seen.add(name))
                            .ifPresent(name -> issues.add(LintIssue.of(
                                    LintCode.DUPLICATE_ALIAS,
                                    "WITH query \"" + name + "\" is defined more than once")));
                }
            }
            return true;
        });
        return issues;
    }
}
