package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Repair help for "column ... does not exist": resolves the failed reference's qualifier through the query's
 * aliases to the table it meant, lists that table's columns closest first plus similar columns elsewhere in the
 * context, and, when one column is clearly the intended one, rewrites the SQL without asking the generator.
 */
public final class ColumnCandidates {

    /** Columns of other tables at least this similar are offered as alternatives. */
    private static final double NEAR_MATCH = 0.6;

    private static final int MAX_NEAR_MATCHES = 5;
    /** An automatic fix needs a candidate at least this similar and this far ahead of the runner-up. */
    private static final double AUTOCORRECT_MIN = 0.75;

    private static final double AUTOCORRECT_MARGIN = 0.15;

    private final SchemaColumns context;

    public ColumnCandidates(SchemaColumns context) {
        this.context = context;
    }

    /** Repair help for {@code errorMessage}; empty when the message is not an undefined-column error. */
    public Optional<ColumnRepair> suggest(String sql, String errorMessage) {
        return MissingColumn.fromPostgresMessage(errorMessage).map(missing -> repair(sql, missing));
    }

    /**
     * The SQL with the misspelt column replaced, when exactly one column of the intended table is clearly
     * closest. Only identifier tokens are rewritten, never text inside string literals or comments.
     */
    public Optional<String> autocorrect(String sql, String errorMessage) {
        return suggest(sql, errorMessage)
                .flatMap(repair -> uniqueFix(repair).flatMap(fix -> rewrite(sql, repair.missing(), fix)));
    }

    private ColumnRepair repair(String sql, MissingColumn missing) {
        List<String> intended = intendedTables(sql, missing);
        List<ColumnMatch> valid = new ArrayList<>();
        List<ColumnMatch> elsewhere = new ArrayList<>();
        for (String table : context.columnsByTable().keySet()) {
            boolean isIntended = intended.contains(table);
            for (String column : context.columnsByTable().get(table)) {
                ColumnMatch match = new ColumnMatch(table, column, NameSimilarity.of(missing.name(), column));
                if (isIntended) valid.add(match);
                else if (match.similarity() >= NEAR_MATCH) elsewhere.add(match);
            }
        }
        Comparator<ColumnMatch> closestFirst =
                Comparator.comparingDouble(ColumnMatch::similarity).reversed();
        valid.sort(closestFirst);
        elsewhere.sort(closestFirst);
        List<ColumnMatch> near = elsewhere.subList(0, Math.min(MAX_NEAR_MATCHES, elsewhere.size()));
        return new ColumnRepair(missing, intended, valid, near, instruction(missing, intended, valid, near));
    }

    /**
     * The context tables the reference meant: the table behind its qualifier (an alias or a table name), or every
     * context table the query reads when it is unqualified. Empty when the qualifier names a subquery or CTE.
     */
    private List<String> intendedTables(String sql, MissingColumn missing) {
        Set<String> tables = new LinkedHashSet<>();
        List<QueryBlock> blocks =
                ParsedStatement.parse(sql).statement().map(QueryBlocks::of).orElse(List.of());
        for (QueryBlock block : blocks) {
            for (Relation relation : block.relations()) {
                boolean meant = missing.qualifier()
                        .map(q -> relation.exposedName()
                                .filter(q::equalsIgnoreCase)
                                .isPresent())
                        .orElse(true);
                if (meant) relation.table().flatMap(context::resolveTable).ifPresent(tables::add);
            }
        }
        // "column x of relation t" names the table itself, and a query the parser rejects has no aliases to follow.
        if (tables.isEmpty()) missing.qualifier().flatMap(context::resolveTable).ifPresent(tables::add);
        return List.copyOf(tables);
    }

    private static String instruction(
            MissingColumn missing, List<String> intended, List<ColumnMatch> valid, List<ColumnMatch> near) {
        StringBuilder text =
                new StringBuilder("Column ").append(missing.reference()).append(" does not exist.");
        if (intended.isEmpty()) {
            text.append(" No table of the query has it.");
        } else {
            text.append(" Valid columns of ")
                    .append(String.join(", ", intended))
                    .append(missing.qualifier().map(q -> " (" + q + ")").orElse(""))
                    .append(": ")
                    .append(String.join(
                            ", ",
                            valid.stream().map(ColumnMatch::column).distinct().toList()))
                    .append('.');
        }
        if (!near.isEmpty()) {
            text.append(" Similar columns in other tables: ")
                    .append(String.join(
                            ", ",
                            near.stream().map(m -> m.table() + "." + m.column()).toList()))
                    .append(" (join that table to use one).");
        }
        return text.append(" Choose only from these columns.").toString();
    }

    private static Optional<String> uniqueFix(ColumnRepair repair) {
        List<ColumnMatch> valid = repair.validColumns();
        if (valid.isEmpty()
                || valid.stream().anyMatch(m -> m.column()
                        .equalsIgnoreCase(repair.missing().name()))) {
            return Optional.empty();
        }
        ColumnMatch best = valid.get(0);
        long tablesWithBest =
                valid.stream().filter(m -> m.column().equals(best.column())).count();
        Optional<ColumnMatch> runnerUp =
                valid.stream().filter(m -> !m.column().equals(best.column())).findFirst();
        boolean clear = best.similarity() >= AUTOCORRECT_MIN
                && runnerUp.map(r -> best.similarity() - r.similarity() >= AUTOCORRECT_MARGIN)
                        .orElse(true);
        // Unqualified and present in two tables, the fix would only trade this error for an ambiguous column.
        boolean ambiguous = repair.missing().qualifier().isEmpty() && tablesWithBest > 1;
        return clear && !ambiguous ? Optional.of(best.column()) : Optional.empty();
    }

    /** Replaces every token that is the failed reference; empty when none is found. */
    private static Optional<String> rewrite(String sql, MissingColumn missing, String column) {
        SqlTokens tokens = SqlLexer.tokenize(sql);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!isFailedReference(tokens, i, missing)) continue;
            String replacement = token.kind() == SqlToken.Kind.QUOTED_IDENTIFIER
                    ? Identifiers.quote(column)
                    : Identifiers.quoteIfNeeded(column);
            out.append(sql, copied, token.start()).append(replacement);
            copied = token.end();
        }
        if (copied == 0) return Optional.empty();
        return Optional.of(out.append(sql.substring(copied)).toString());
    }

    private static boolean isFailedReference(SqlTokens tokens, int i, MissingColumn missing) {
        SqlToken token = tokens.get(i);
        if (!token.isIdentifier() || !token.identifier().equalsIgnoreCase(missing.name())) return false;
        if (tokens.symbolAt(i + 1, "(") || tokens.symbolAt(i + 1, ".") || tokens.wordAt(i - 1, "as")) return false;
        boolean qualified = tokens.symbolAt(i - 1, ".");
        if (missing.qualifier().isEmpty()) return !qualified;
        String qualifier = missing.qualifier().get();
        return qualified
                && tokens.at(i - 2)
                        .filter(SqlToken::isIdentifier)
                        .map(t -> t.identifier().equalsIgnoreCase(qualifier))
                        .orElse(false);
    }
}
