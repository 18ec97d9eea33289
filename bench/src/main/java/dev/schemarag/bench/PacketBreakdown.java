package dev.schemarag.bench;

import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SelectedTable;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.packet.TokenCounter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where one packet's tokens go: each table's definition (with why it is there and whether the question needs it),
 * the join hints and each doc chunk, read back from the packet's text by its section headers. A diagnostic of
 * {@code bench retrieval --per-question}: the packet's sections are what {@code ContextPacket} writes, tables apart
 * by a blank line ({@code CREATE TABLE}) or a line feed (compact), so a packet whose tables cannot be told apart
 * gives their tokens as one sum.
 */
final class PacketBreakdown {
    static final String JOIN_HINTS = "\n\n-- Join hints";
    static final String DOCUMENTATION = "\n\n-- Retrieved documentation";
    private static final String DOC_START = "\n-- [";

    private PacketBreakdown() {}

    /** The packet of {@code context} taken apart; {@code gold} names the tables the question needs, lower case. */
    static Map<String, Object> of(RetrievedContext context, Set<String> gold) {
        String packet = context.packet();
        int docsAt = packet.indexOf(DOCUMENTATION);
        int hintsAt = packet.indexOf(JOIN_HINTS);
        int tablesEnd = hintsAt >= 0 ? hintsAt : docsAt >= 0 ? docsAt : packet.length();
        String tablesText = packet.substring(0, tablesEnd);
        String hintsText = hintsAt < 0 ? "" : packet.substring(hintsAt, docsAt >= 0 ? docsAt : packet.length());
        String docsText = docsAt < 0 ? "" : packet.substring(docsAt);

        List<String> pieces = tablePieces(tablesText, context.tables().size());
        List<Map<String, Object>> tables = new ArrayList<>();
        for (int i = 0; i < context.tables().size(); i++) {
            SelectedTable t = context.tables().get(i);
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("table", t.table().toString());
            table.put("reason", t.reason().wireName());
            table.put("score", t.score());
            table.put("gold", gold.contains(t.table().toString().toLowerCase(Locale.ROOT)));
            if (pieces != null) table.put("tokens", TokenCounter.count(pieces.get(i)));
            tables.add(table);
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("packet_tokens", TokenCounter.count(packet));
        figures.put("table_tokens", TokenCounter.count(tablesText));
        figures.put("tables", tables);
        figures.put("join_hint_tokens", hintsText.isEmpty() ? 0 : TokenCounter.count(hintsText));
        figures.put("join_hints", hintsText.isEmpty() ? 0 : hintsText.split("\n-- ", -1).length - 2);
        figures.put("doc_tokens", docsText.isEmpty() ? 0 : TokenCounter.count(docsText));
        figures.put("docs", docs(docsText, context.docChunks()));
        return figures;
    }

    /** Each table's text in packet order, or null when the text does not split into one piece per table. */
    static List<String> tablePieces(String tablesText, int tables) {
        if (tables == 0) return List.of();
        String[] byBlankLine = tablesText.split("\n\n", -1);
        if (byBlankLine.length == tables) return List.of(byBlankLine);
        String[] byLine = tablesText.split("\n", -1);
        return byLine.length == tables ? List.of(byLine) : null;
    }

    private static List<Map<String, Object>> docs(String docsText, List<DocHit> hits) {
        List<String> pieces = new ArrayList<>();
        int at = docsText.indexOf(DOC_START);
        while (at >= 0) {
            int next = docsText.indexOf(DOC_START, at + 1);
            pieces.add(docsText.substring(at, next < 0 ? docsText.length() : next));
            at = next;
        }
        List<Map<String, Object>> docs = new ArrayList<>();
        for (int i = 0; i < hits.size(); i++) {
            DocHit hit = hits.get(i);
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("kind", hit.chunk().kind().wireName());
            doc.put("table", hit.chunk().table().toString());
            if (hit.chunk().aboutColumn()) doc.put("column", hit.chunk().column());
            doc.put("similarity", hit.similarity());
            if (pieces.size() == hits.size()) doc.put("tokens", TokenCounter.count(pieces.get(i)));
            docs.add(doc);
        }
        return docs;
    }
}
