package dev.schemarag.retrieval;

import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import dev.schemarag.retrieval.lexical.LexicalIndex;
import dev.schemarag.retrieval.packet.CompactSchemaRenderer;
import dev.schemarag.retrieval.packet.CreateTableRenderer;
import dev.schemarag.retrieval.packet.TokenCounter;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What retrieval needs of one catalog version, computed once: the FK graph, the BM25 index and every table rendered
 * in both packet forms. Token counts per table are computed on first use of a form, since most deployments use one.
 * Shared by concurrent requests.
 */
final class PreparedDatabase {
    private final String version;
    private final Map<PacketFormat, Map<TableName, String>> texts;
    private final Map<PacketFormat, Map<TableName, Integer>> tokens = new EnumMap<>(PacketFormat.class);
    private final ForeignKeyGraph graph;
    private final LexicalIndex lexical;
    private final int vectorsOfOtherModels;

    private PreparedDatabase(
            String version,
            Map<PacketFormat, Map<TableName, String>> texts,
            ForeignKeyGraph graph,
            LexicalIndex lexical,
            int vectorsOfOtherModels) {
        this.version = version;
        this.texts = texts;
        this.graph = graph;
        this.lexical = lexical;
        this.vectorsOfOtherModels = vectorsOfOtherModels;
    }

    /** @param modelId the model that embeds the questions, which the stored vectors must come from to be compared */
    static PreparedDatabase prepare(IndexedDatabase database, String modelId) {
        Map<TableName, String> createTables = new LinkedHashMap<>();
        Map<TableName, String> compacts = new HashMap<>();
        for (IndexedTable table : database.tables()) {
            createTables.put(table.definition().name(), CreateTableRenderer.render(table.definition()));
            compacts.put(table.definition().name(), CompactSchemaRenderer.render(table.definition()));
        }
        Map<PacketFormat, Map<TableName, String>> texts = new EnumMap<>(PacketFormat.class);
        texts.put(PacketFormat.CREATE_TABLE, createTables);
        texts.put(PacketFormat.COMPACT, compacts);
        List<Table> definitions =
                database.tables().stream().map(IndexedTable::definition).toList();
        return new PreparedDatabase(
                database.version(),
                texts,
                ForeignKeyGraph.of(definitions),
                LexicalIndex.build(database),
                vectorsOfOtherModels(database, modelId));
    }

    /**
     * Table and column vectors whose stamp says another model made them (the store's rows after a model change, until
     * a sync re-embeds them): their similarities to this model's query vectors mean nothing.
     */
    static int vectorsOfOtherModels(IndexedDatabase database, String modelId) {
        int count = 0;
        for (IndexedTable table : database.tables()) {
            if (!madeBy(modelId, table.text(), table.stamp())) count++;
            for (IndexedColumn column : table.columns()) if (!madeBy(modelId, column.text(), column.stamp())) count++;
        }
        return count;
    }

    private static boolean madeBy(String modelId, String text, String stamp) {
        return TextHash.stamp(modelId, TextHash.sha256(text)).equals(stamp);
    }

    String version() {
        return version;
    }

    int vectorsOfOtherModels() {
        return vectorsOfOtherModels;
    }

    ForeignKeyGraph graph() {
        return graph;
    }

    LexicalIndex lexical() {
        return lexical;
    }

    boolean contains(TableName table) {
        return texts.get(PacketFormat.CREATE_TABLE).containsKey(table);
    }

    /** The tables of the given schemas (all when empty), in catalog order. */
    List<TableName> tablesIn(Set<String> schemas) {
        return texts.get(PacketFormat.CREATE_TABLE).keySet().stream()
                .filter(t -> schemas.isEmpty() || schemas.contains(t.schema()))
                .toList();
    }

    String text(TableName table, PacketFormat format) {
        return texts.get(format).get(table);
    }

    /** Tokens of the given tables' definitions alone. */
    int tokens(List<TableName> tables, PacketFormat format) {
        Map<TableName, Integer> counts = tokenCounts(format);
        int sum = 0;
        for (TableName table : tables) sum += counts.get(table);
        return sum;
    }

    private synchronized Map<TableName, Integer> tokenCounts(PacketFormat format) {
        return tokens.computeIfAbsent(format, f -> {
            Map<TableName, Integer> counts = new HashMap<>();
            texts.get(f).forEach((table, text) -> counts.put(table, TokenCounter.count(text)));
            return counts;
        });
    }
}
