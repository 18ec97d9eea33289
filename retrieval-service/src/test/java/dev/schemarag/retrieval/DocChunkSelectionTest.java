package dev.schemarag.retrieval;

import static dev.schemarag.core.schema.Tables.name;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.DocKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DocChunkSelectionTest {
    private static final DocHit SELECTED_WEAK = hit("s.orders", 0.40);
    private static final DocHit OTHER_STRONG = hit("s.audit", 0.80);
    private static final DocHit SELECTED_STRONG = hit("s.orders", 0.60);
    private static final DocHit BELOW_BAR = hit("s.orders", 0.30);

    @Test
    void chunksOfSelectedTablesComeFirstThenByDistance() {
        assertThat(DocChunkSelection.choose(
                        List.of(OTHER_STRONG, SELECTED_WEAK, SELECTED_STRONG), Set.of(name("s.orders")), 5, 0.35, 0, 0))
                .containsExactly(SELECTED_STRONG, SELECTED_WEAK, OTHER_STRONG);
    }

    @Test
    void chunksBelowTheSimilarityBarAreDropped() {
        assertThat(DocChunkSelection.choose(List.of(BELOW_BAR), Set.of(name("s.orders")), 5, 0.35, 0, 0))
                .isEmpty();
    }

    @Test
    void atMostTopKChunksAreKept() {
        assertThat(DocChunkSelection.choose(
                        List.of(OTHER_STRONG, SELECTED_WEAK, SELECTED_STRONG), Set.of(name("s.orders")), 2, 0.35, 0, 0))
                .containsExactly(SELECTED_STRONG, SELECTED_WEAK);
    }

    @Test
    void chunksTakeTheTokenBudgetInOrderAndOneThatDoesNotFitMakesWayForAShorterOne() {
        DocHit longOverview = hit("s.orders", 0.70, "word ".repeat(40));
        DocHit shortColumn = hit("s.orders", 0.50, "word ".repeat(10));
        DocHit longOther = hit("s.audit", 0.90, "word ".repeat(30));

        assertThat(DocChunkSelection.choose(
                        List.of(longOther, shortColumn, longOverview), Set.of(name("s.orders")), 5, 0.35, 0, 52))
                .containsExactly(longOverview, shortColumn);
        assertThat(DocChunkSelection.choose(
                        List.of(longOther, shortColumn, longOverview), Set.of(name("s.orders")), 5, 0.35, 0, 35))
                .containsExactly(shortColumn);
    }

    @Test
    void chunksFarBelowTheNearestOneAreDroppedWhereverTheyAreAbout() {
        // 0.8 × 0.80 = 0.64: the selected table's 0.60 chunk is too far from the nearest one, about another table
        assertThat(DocChunkSelection.choose(
                        List.of(OTHER_STRONG, SELECTED_WEAK, SELECTED_STRONG),
                        Set.of(name("s.orders")),
                        5,
                        0.35,
                        0.8,
                        0))
                .containsExactly(OTHER_STRONG);
        assertThat(DocChunkSelection.choose(
                        List.of(OTHER_STRONG, SELECTED_WEAK, SELECTED_STRONG),
                        Set.of(name("s.orders")),
                        5,
                        0.35,
                        0.7,
                        0))
                .containsExactly(SELECTED_STRONG, OTHER_STRONG);
    }

    private static DocHit hit(String table, double similarity, String content) {
        return new DocHit(new DocChunk(name(table), "", DocKind.OVERVIEW, content), similarity);
    }

    private static DocHit hit(String table, double similarity) {
        return new DocHit(new DocChunk(name(table), "", DocKind.OVERVIEW, table + " " + similarity), similarity);
    }
}
