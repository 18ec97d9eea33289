package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.schemarag.retrieval.ErpCatalog.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class TableSelectorTest {
    private static final RetrievalSettings SETTINGS = RetrievalSettings.defaults();
    private static final ForeignKeyGraph GRAPH = ForeignKeyGraph.of(ErpCatalog.TABLES);

    @Test
    void theTopTenOfTheRankingAreSelected() {
        List<TableHit> hits = ErpCatalog.TABLES.stream()
                .map(t -> new TableHit(t.name(), 0.9 - ErpCatalog.TABLES.indexOf(t) * 0.05)).toList();

        Selection selection = TableSelector.select(hits, List.of(), List.of(), GRAPH, t -> true, SETTINGS);

        assertThat(selection.tables().stream().filter(t -> t.reason() == SelectionReason.RETRIEVED).map(SelectedTable::table))
                .containsExactlyElementsOf(hits.stream().limit(10).map(TableHit::table).toList());
    }

    @Test
    void aNeighbourWithEvidenceIsAddedAsFkExpansionWithItsScore() {
        RetrievalSettings topOne = SETTINGS.withOverrides(Map.of(RetrievalSettings.SELECT_TOPK, "1"));

        Selection selection = TableSelector.select(List.of(new TableHit(LEAVE_REQUESTS, 0.7), new TableHit(EMPLOYEES, 0.5)),
                List.of(), List.of(), GRAPH, t -> true, topOne);

        assertThat(selection.tables()).containsExactly(
                new SelectedTable(LEAVE_REQUESTS, 0.6 * 0.7, SelectionReason.RETRIEVED),
                new SelectedTable(EMPLOYEES, 0.6 * 0.5, SelectionReason.FK_EXPANSION));
    }

    @Test
    void selectedTablesWithoutADirectKeyAreJoinedThroughBridges() {
        Selection selection = TableSelector.select(List.of(new TableHit(ORDER_ITEMS, 0.7), new TableHit(REGIONS, 0.6)),
                List.of(), List.of(), GRAPH, t -> true, SETTINGS);

        assertThat(selection.tables()).extracting(SelectedTable::table, SelectedTable::reason).containsExactly(
                tuple(ORDER_ITEMS, SelectionReason.RETRIEVED),
                tuple(REGIONS, SelectionReason.RETRIEVED),
                tuple(ORDERS, SelectionReason.BRIDGE),
                tuple(CUSTOMERS, SelectionReason.BRIDGE));
    }

    @Test
    void bridgesCanBeSwitchedOff() {
        RetrievalSettings noBridges = SETTINGS.withOverrides(Map.of(RetrievalSettings.BRIDGES_ENABLED, "false"));

        Selection selection = TableSelector.select(List.of(new TableHit(ORDER_ITEMS, 0.7), new TableHit(REGIONS, 0.6)),
                List.of(), List.of(), GRAPH, t -> true, noBridges);

        assertThat(selection.tables()).extracting(SelectedTable::table).containsExactly(ORDER_ITEMS, REGIONS);
    }

    @Test
    void theSelectionNeverExceedsTheTableCap() {
        RetrievalSettings cap = SETTINGS.withOverrides(Map.of(RetrievalSettings.MAX_TABLES, "3"));
        List<TableHit> hits = ErpCatalog.TABLES.stream().map(t -> new TableHit(t.name(), 0.8)).toList();

        Selection selection = TableSelector.select(hits, List.of(), List.of(), GRAPH, t -> true, cap);

        assertThat(selection.tables()).hasSize(3);
    }

    @Test
    void aTableOnlyBm25FoundCanBeSelected() {
        Selection selection = TableSelector.select(List.of(new TableHit(ORDERS, 0.6)), List.of(),
                List.of(new LexicalHit(TAX_CODES, 7.5)), GRAPH, t -> true, SETTINGS);

        assertThat(selection.tables()).extracting(SelectedTable::table).contains(TAX_CODES);
        assertThat(selection.onlyViaLexical()).isEqualTo(1);
    }

    @Test
    void noHitsAtAllMeansNoResults() {
        Selection selection = TableSelector.select(List.of(), List.of(), List.of(), GRAPH, t -> true, SETTINGS);

        assertThat(selection.fallback()).isEqualTo(FallbackReason.NO_RESULTS);
        assertThat(selection.tables()).isEmpty();
    }

    @Test
    void hitsThatAllScoreBelowTheBarMeanLowScores() {
        // 0.6 · 0.3 = 0.18 < 0.20
        Selection selection = TableSelector.select(List.of(new TableHit(ORDERS, 0.3)), List.of(), List.of(), GRAPH,
                t -> true, SETTINGS);

        assertThat(selection.fallback()).isEqualTo(FallbackReason.LOW_SCORES);
    }

    @Test
    void hitsOutOfScopeAreIgnored() {
        TableName outside = ORDERS;
        Selection selection = TableSelector.select(List.of(new TableHit(outside, 0.9)), List.of(),
                List.of(new LexicalHit(outside, 3)), GRAPH, t -> !t.equals(outside), SETTINGS);

        assertThat(selection.fallback()).isEqualTo(FallbackReason.NO_RESULTS);
    }
}
