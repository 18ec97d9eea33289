package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.family.TableFamilies;
import dev.schemarag.retrieval.graph.Bridges;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.graph.ForeignKeyExpansion;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import dev.schemarag.retrieval.lexical.QuestionBreadth;
import dev.schemarag.retrieval.ranking.DenseCandidate;
import dev.schemarag.retrieval.ranking.DenseRanking;
import dev.schemarag.retrieval.ranking.DenseScoring;
import dev.schemarag.retrieval.ranking.HybridRanking;
import dev.schemarag.retrieval.ranking.RankedTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Picks the tables for a question from the search hits: the head of the hybrid ranking, FK neighbours with evidence,
 * then bridges so the selection can be joined. Plain logic over hits and the FK graph, no I/O. A table family
 * ({@link TableFamilies}) is one candidate, and one table of the selection: an FK neighbour or bridge that is a member
 * of a family already selected is left out.
 *
 * <p>The head is not a fixed top-k: a question whose best table both retrievers agree on needs fewer companions than
 * one where they disagree, so beyond a minimum a table joins only while its fused score stays within the relative
 * cut-off of the best. On spider-union that sends ~30 % fewer tables than a fixed cut at the same recall.
 */
public final class TableSelector {
    private TableSelector() {}

    /**
     * @param question the question's text, whose breadth sizes the head
     * @param inScope  tables that exist in the catalog and in the requested schemas; hits outside are ignored
     * @param families the table families that count as one candidate each: both rankings keep one member of a family,
     *     before they are fused, so that its members neither take the head's places nor push other tables down the
     *     fusion's ranks; it is the dense ranking's best member, or the BM25 ranking's where the dense one has none
     */
    public static Selection select(
            String question,
            List<TableHit> tableHits,
            List<ColumnHit> columnHits,
            List<LexicalHit> lexicalHits,
            ForeignKeyGraph graph,
            Predicate<TableName> inScope,
            TableFamilies families,
            RetrievalSettings settings) {
        DenseRanking scored = DenseScoring.rank(tableHits, columnHits, inScope, settings);
        DenseRanking dense =
                new DenseRanking(families.distinct(scored.candidates(), DenseCandidate::table), scored.stats());
        List<TableName> lexical = families.distinct(
                lexicalHits.stream()
                        .map(LexicalHit::table)
                        .filter(inScope)
                        .distinct()
                        .toList(),
                dense.candidates().stream().map(DenseCandidate::table).toList());
        List<RankedTable> ranking = HybridRanking.rank(dense, lexical, settings);
        int onlyViaLexical =
                (int) ranking.stream().filter(RankedTable::onlyLexical).count();

        if (ranking.isEmpty()) return Selection.fallback(FallbackReason.NO_RESULTS, dense.stats(), lexical.size(), 0);
        double best = ranking.stream().mapToDouble(RankedTable::score).max().orElse(0);
        if (best < settings.fallbackMinScore())
            return Selection.fallback(FallbackReason.LOW_SCORES, dense.stats(), lexical.size(), onlyViaLexical);

        List<RankedTable> top = settings.selectBreadth()
                ? broadened(head(ranking, settings), ranking, question, graph, inScope, settings)
                : head(ranking, settings);
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
        top.forEach(r -> tables.add(selected(r.table(), SelectionReason.RETRIEVED, ranked, denseFound, families)));
        expansion
                .added()
                .forEach(t -> tables.add(selected(t, SelectionReason.FK_EXPANSION, ranked, denseFound, families)));
        bridging.added().forEach(t -> tables.add(selected(t, SelectionReason.BRIDGE, ranked, denseFound, families)));
        return new Selection(
                families.distinct(tables, SelectedTable::table),
                null,
                dense.stats(),
                lexical.size(),
                onlyViaLexical,
                expansion,
                bridging);
    }

    private static SelectedTable selected(
            TableName table,
            SelectionReason reason,
            Map<TableName, RankedTable> ranked,
            Map<TableName, DenseCandidate> denseFound,
            TableFamilies families) {
        RankedTable r = ranked.get(table);
        TableEvidence evidence = r == null ? TableEvidence.NONE : TableEvidence.of(r, denseFound.get(table));
        return new SelectedTable(table, r == null ? 0.0 : r.score(), reason, evidence, families.familyOf(table));
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

    /**
     * The head sized to the question's breadth ({@link QuestionBreadth}) among the evidence ranks: each table whose whole
     * name the question spells out comes in, then each entity the question names and no chosen table names brings in
     * the best-ranked table naming it, and a question with more clause connectors than the head has tables keeps the
     * next ranks until they match. A table comes in this way only when it relates to the best table ({@link
     * #relatesToTheBest}): a word that names a table of another application ({@code country} in a question about
     * singers) is a column's word, not another entity. A question naming only what the head already holds gets the
     * head unchanged; the same caps as the head's hold.
     */
    static List<RankedTable> broadened(
            List<RankedTable> head,
            List<RankedTable> ranking,
            String question,
            ForeignKeyGraph graph,
            Predicate<TableName> inScope,
            RetrievalSettings settings) {
        int most = Math.min(settings.selectTopK(), settings.maxTables());
        List<RankedTable> evidence = ranking.subList(0, Math.min(ranking.size(), settings.evidenceTopK()));
        QuestionBreadth breadth = QuestionBreadth.of(
                question, evidence.stream().map(RankedTable::table).toList());
        TableName best = ranking.get(0).table();
        Set<TableName> chosen = new LinkedHashSet<>(List.of(best));
        for (TableName spelledOut : breadth.spelledOut()) {
            if (chosen.size() >= most) break;
            if (spelledOut.schema().equals(best.schema())) chosen.add(spelledOut);
        }
        for (RankedTable next : head) {
            if (chosen.size() >= head.size()) break;
            chosen.add(next.table());
        }
        for (List<TableName> naming : breadth.namedBy().values()) {
            if (chosen.size() >= most) break;
            if (naming.stream().anyMatch(chosen::contains)) continue;
            naming.stream()
                    .filter(t -> relatesToTheBest(t, chosen, ranking, graph, inScope))
                    .findFirst()
                    .ifPresent(chosen::add);
        }
        for (RankedTable next : evidence) {
            if (chosen.size() >= Math.min(most, breadth.tables())) break;
            if (!chosen.contains(next.table()) && relatesToTheBest(next.table(), chosen, ranking, graph, inScope))
                chosen.add(next.table());
        }
        // In rank order, so that bridges and join hints still root at the best table.
        return ranking.stream().filter(r -> chosen.contains(r.table())).toList();
    }

    /**
     * Whether {@code table} joins the best table's group among {@code chosen} directly or through one other table, or,
     * when the join graph knows no edge of it (a warehouse that declares no keys, where inference finds none either),
     * lives in the best table's schema: there the schema is the only grouping the catalog gives.
     */
    private static boolean relatesToTheBest(
            TableName table,
            Set<TableName> chosen,
            List<RankedTable> ranking,
            ForeignKeyGraph graph,
            Predicate<TableName> inScope) {
        TableName best = ranking.get(0).table();
        if (graph.neighbours(table).isEmpty())
            return graph.neighbours(best).isEmpty() && table.schema().equals(best.schema());
        return joinsTheBest(table, chosen, ranking, graph, inScope);
    }

    /** Whether {@code table} joins the best table's group among {@code chosen} directly or through one other table. */
    private static boolean joinsTheBest(
            TableName table,
            Set<TableName> chosen,
            List<RankedTable> ranking,
            ForeignKeyGraph graph,
            Predicate<TableName> inScope) {
        Set<TableName> best = graph.componentOf(ranking.get(0).table(), chosen);
        return graph.cheapestPath(best, Set.of(table), chosen, inScope, 1).isPresent();
    }
}
