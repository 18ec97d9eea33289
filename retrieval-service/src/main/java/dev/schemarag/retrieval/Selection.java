package dev.schemarag.retrieval;

import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.ranking.DenseStats;
import java.util.List;

/**
 * The tables RAG picked for a question, or why it should fall back.
 *
 * @param fallback        set when the ranking gives nothing worth sending; then {@code tables} is empty
 * @param lexicalHits     tables BM25 found in scope
 * @param onlyViaLexical  ranked tables BM25 found and the vector search did not
 */
public record Selection(
        List<SelectedTable> tables,
        FallbackReason fallback,
        DenseStats dense,
        int lexicalHits,
        int onlyViaLexical,
        Expansion expansion,
        Bridging bridging) {
    public Selection {
        tables = List.copyOf(tables);
    }

    static Selection fallback(FallbackReason reason, DenseStats dense, int lexicalHits, int onlyViaLexical) {
        return new Selection(List.of(), reason, dense, lexicalHits, onlyViaLexical, Expansion.NONE, Bridging.NONE);
    }
}
