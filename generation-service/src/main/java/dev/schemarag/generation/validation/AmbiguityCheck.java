package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.SelectItem;

/** An unqualified column that two or more FROM entries of the same level have, given the tables' columns. */
final class AmbiguityCheck {

    private AmbiguityCheck() {}

    static List<LintIssue> check(QueryBlock block, SchemaColumns schema) {
        if (schema.isEmpty() || block.joins().stream().anyMatch(Join::isNatural)) return List.of();
        Set<String> exempt = new HashSet<>(usingColumns(block));
        for (SelectItem<?> item : block.select().getSelectItems()) {
            Optional.ofNullable(item.getAlias())
                    .map(Alias::getName)
                    .map(Identifiers::normalize)
                    .ifPresent(exempt::add);
        }
        List<LintIssue> issues = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (Column column : block.columns()) {
            if (column.getTable() != null && column.getTable().getName() != null) continue;
            String name = Identifiers.normalize(column.getColumnName());
            if (exempt.contains(name) || reported.contains(name)) continue;
            List<String> owners = block.relations().stream()
                    .filter(r ->
                            r.table().filter(t -> schema.hasColumn(t, name)).isPresent())
                    .map(r -> r.exposedName().orElseThrow())
                    .toList();
            if (owners.size() > 1) {
                reported.add(name);
                issues.add(LintIssue.of(
                        LintCode.AMBIGUOUS_COLUMN,
                        "column " + name + " exists in " + String.join(", ", owners) + "; qualify it"));
            }
        }
        return issues;
    }

    private static List<String> usingColumns(QueryBlock block) {
        return block.joins().stream()
                .map(Join::getUsingColumns)
                .filter(Objects::nonNull)
                .flatMap(List::stream)
                .map(c -> Identifiers.normalize(c.getColumnName()))
                .toList();
    }
}
