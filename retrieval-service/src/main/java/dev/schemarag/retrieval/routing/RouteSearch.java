package dev.schemarag.retrieval.routing;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** One database's hits for a question, searched once for all its candidates: each counts its own schemas' best. */
public record RouteSearch(List<TableHit> tables, List<ColumnHit> columns, List<LexicalHit> lexical) {
    /** Hits asked of each search: enough that every candidate in contention has its best hit among them. */
    public static final int TOP_K = 50;

    public RouteSearch {
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
        lexical = List.copyOf(lexical);
    }

    public RouteEvidence evidenceFor(RouteCandidate candidate) {
        return new RouteEvidence(
                candidate,
                best(tables, candidate, TableHit::table, TableHit::similarity),
                best(columns, candidate, ColumnHit::table, ColumnHit::similarity),
                best(lexical, candidate, LexicalHit::table, LexicalHit::score));
    }

    private static <H> double best(
            List<H> hits, RouteCandidate candidate, Function<H, TableName> table, ToDoubleFunction<H> score) {
        return hits.stream()
                .filter(h -> candidate.schemas().isEmpty()
                        || candidate.schemas().contains(table.apply(h).schema()))
                .mapToDouble(score)
                .max()
                .orElse(0);
    }
}
