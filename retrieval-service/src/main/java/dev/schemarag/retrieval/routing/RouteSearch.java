package dev.schemarag.retrieval.routing;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * One database's hits for a question, searched once for all its candidates: each counts its own schemas' best.
 *
 * @param terms the question's terms the database's texts hold, each with the schemas whose tables hold it
 */
public record RouteSearch(
        List<TableHit> tables, List<ColumnHit> columns, List<LexicalHit> lexical, Map<String, Set<String>> terms) {
    /** Hits asked of each search: enough that every candidate in contention has its best hit among them. */
    public static final int TOP_K = 50;

    public RouteSearch {
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
        lexical = List.copyOf(lexical);
        terms = Map.copyOf(terms);
    }

    public RouteEvidence evidenceFor(RouteCandidate candidate) {
        return new RouteEvidence(
                candidate,
                best(tables, candidate, TableHit::table, TableHit::similarity),
                best(columns, candidate, ColumnHit::table, ColumnHit::similarity),
                best(lexical, candidate, LexicalHit::table, LexicalHit::score),
                terms.entrySet().stream()
                        .filter(term -> candidate.schemas().isEmpty()
                                || term.getValue().stream().anyMatch(candidate.schemas()::contains))
                        .map(Map.Entry::getKey)
                        .collect(Collectors.toSet()));
    }

    /** Whether the table is one of the candidate's. */
    private static boolean holds(RouteCandidate candidate, TableName table) {
        return candidate.schemas().isEmpty() || candidate.schemas().contains(table.schema());
    }

    private static <H> double best(
            List<H> hits, RouteCandidate candidate, Function<H, TableName> table, ToDoubleFunction<H> score) {
        return hits.stream()
                .filter(h -> holds(candidate, table.apply(h)))
                .mapToDouble(score)
                .max()
                .orElse(0);
    }
}
