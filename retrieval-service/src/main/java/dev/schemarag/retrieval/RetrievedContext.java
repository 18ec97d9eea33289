package dev.schemarag.retrieval;

import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.routing.RoutingDecision;
import java.util.List;
import java.util.Optional;

/**
 * The schema context chosen for one question.
 *
 * @param tables    the tables in the packet, retrieved ones first in rank order, then FK additions, then bridges
 * @param expansion what FK expansion considered, added and blocked (empty for full-schema packets)
 * @param bridging  the bridges added to connect the selection (empty for full-schema packets)
 * @param questionVector the question's embedding, when retrieval embedded the question alone (no evidence), for
 *     generation to reuse; empty when no search embedded it
 */
public record RetrievedContext(
        String databaseId,
        List<SelectedTable> tables,
        List<String> joinHints,
        List<DocHit> docChunks,
        String packet,
        ContextMetadata metadata,
        Expansion expansion,
        Bridging bridging,
        Optional<QuestionVector> questionVector) {
    public RetrievedContext {
        tables = List.copyOf(tables);
        joinHints = List.copyOf(joinHints);
        docChunks = List.copyOf(docChunks);
    }

    /** This context, found in the database a question without one was routed to. */
    public RetrievedContext routedBy(RoutingDecision.Routed routing) {
        return new RetrievedContext(
                databaseId,
                tables,
                joinHints,
                docChunks,
                packet,
                metadata.routedBy(routing),
                expansion,
                bridging,
                questionVector);
    }
}
