package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.graph.Bridge;
import dev.schemarag.retrieval.index.DocHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A question's schema context as its one JSON shape (Jackson writes the components in order), which the web API's
 * {@code /api/context} and the MCP tool {@code get_schema_context} both return: the tables with why each is there,
 * join hints, doc chunks, token counts and the packet text.
 *
 * @param blockedByExpansion FK neighbours left out for lack of evidence of their own
 * @param contextTokens      the same as {@code tokens.context}, kept for MCP clients that read it at the top level
 * @param fullSchemaTokens   the same as {@code tokens.fullSchema}, kept for MCP clients that read it at the top level
 * @param routingConfidence  for a question asked without a database, how clearly it pointed to this one (the best
 *                           score's margin over the second's, as a share of it); null when the question named it
 */
public record ContextView(
        String databaseId,
        String strategy,
        String fallbackReason,
        List<Table> tables,
        List<String> joinHints,
        List<String> blockedByExpansion,
        List<Doc> docChunks,
        Tokens tokens,
        int contextTokens,
        int fullSchemaTokens,
        String packet,
        Double routingConfidence) {

    /**
     * One table of the packet.
     *
     * @param rank     1-based position in the packet
     * @param connects the bridges ({@code a -> b}) this table is on, empty when it bridges nothing
     */
    public record Table(
            int rank,
            String table,
            String reason,
            double score,
            double denseTableScore,
            double columnEvidence,
            int columnHits,
            int denseRank,
            int lexicalRank,
            double fusedScore,
            String why,
            List<String> connects) {}

    /** A doc chunk sent with the packet; {@code table} is null for database-wide docs. */
    public record Doc(String table, String kind, double similarity, String content) {}

    /** @param saved what the packet saves against the full schema, never negative */
    public record Tokens(int context, int fullSchema, int saved, boolean overBudget) {}

    public static ContextView of(RetrievedContext context) {
        ContextMetadata m = context.metadata();
        List<Table> tables = new ArrayList<>();
        for (SelectedTable t : context.tables())
            tables.add(table(tables.size() + 1, t, context.bridging().bridges()));
        return new ContextView(
                context.databaseId(),
                m.strategy().wireName(),
                m.fallbackReason() == null ? null : m.fallbackReason().wireName(),
                tables,
                context.joinHints(),
                context.expansion().blocked().stream().map(TableName::toString).toList(),
                context.docChunks().stream().map(ContextView::doc).toList(),
                new Tokens(
                        m.contextTokens(),
                        m.fullSchemaTokens(),
                        Math.max(0, m.fullSchemaTokens() - m.contextTokens()),
                        m.overBudget()),
                m.contextTokens(),
                m.fullSchemaTokens(),
                context.packet(),
                m.routing() == null ? null : m.routing().confidence());
    }

    private static Table table(int rank, SelectedTable t, List<Bridge> bridges) {
        List<Bridge> on =
                bridges.stream().filter(b -> b.via().contains(t.table())).toList();
        TableEvidence e = t.evidence();
        return new Table(
                rank,
                t.table().toString(),
                t.reason().wireName(),
                t.score(),
                e.tableSimilarity(),
                e.columnScore(),
                e.columnHits(),
                e.denseRank(),
                e.lexicalRank(),
                e.fusedScore(),
                why(t, on.isEmpty() ? null : on.get(0)),
                on.stream().map(b -> b.from() + " -> " + b.to()).toList());
    }

    private static Doc doc(DocHit d) {
        return new Doc(
                d.chunk().table() == null ? null : d.chunk().table().toString(),
                d.chunk().kind().name().toLowerCase(Locale.ROOT),
                d.similarity(),
                d.chunk().content());
    }

    /** One sentence a person reads: what put the table in the packet, and the family it stands for. */
    private static String why(SelectedTable t, Bridge bridge) {
        return reason(t, bridge)
                + t.family()
                        .map(f -> "; stands for the family " + f.pattern() + " of " + f.size() + " tables, " + f.first()
                                + " to " + f.last())
                        .orElse("");
    }

    private static String reason(SelectedTable t, Bridge bridge) {
        TableEvidence e = t.evidence();
        return switch (t.reason()) {
            case RETRIEVED -> {
                List<String> found = new ArrayList<>();
                if (e.tableSimilarity() > 0)
                    found.add(String.format(Locale.ROOT, "table text similar (%.2f)", e.tableSimilarity()));
                if (e.columnHits() > 0) found.add(e.columnHits() + " matching column(s)");
                if (e.lexicalRank() > 0) found.add("keyword rank " + e.lexicalRank());
                yield found.isEmpty() ? "retrieved" : String.join(", ", found);
            }
            case FK_EXPANSION -> "foreign-key neighbour of a selected table, with evidence of its own";
            case BRIDGE -> bridge == null ? "joins selected tables" : "joins " + bridge.from() + " to " + bridge.to();
            case FULL_SCHEMA -> "full schema sent";
        };
    }
}
