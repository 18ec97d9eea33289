package dev.schemarag.retrieval;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import dev.schemarag.retrieval.lexical.LexicalIndex;
import dev.schemarag.retrieval.packet.CompactSchemaRenderer;
import dev.schemarag.retrieval.packet.CreateTableRenderer;
import dev.schemarag.retrieval.packet.TokenCounter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What retrieval needs of one catalog version, computed once: the FK graph, the BM25 index and every table rendered
 * in both packet forms with its token count. Immutable, so concurrent requests share it.
 */
final class PreparedDatabase {
    private record Rendered(String createTable, int createTableTokens, String compact, int compactTokens) {
    }

    private final String version;
    private final Map<TableName, Rendered> tables;
    private final ForeignKeyGraph graph;
    private final LexicalIndex lexical;

    private PreparedDatabase(String version, Map<TableName, Rendered> tables, ForeignKeyGraph graph, LexicalIndex lexical) {
        this.version = version;
        this.tables = tables;
        this.graph = graph;
        this.lexical = lexical;
    }

    static PreparedDatabase prepare(IndexedDatabase database) {
        Map<TableName, Rendered> rendered = new LinkedHashMap<>();
        for (IndexedTable table : database.tables()) {
            String createTable = CreateTableRenderer.render(table.definition());
            String compact = CompactSchemaRenderer.render(table.definition());
            rendered.put(table.definition().name(),
                    new Rendered(createTable, TokenCounter.count(createTable), compact, TokenCounter.count(compact)));
        }
        List<Table> definitions = database.tables().stream().map(IndexedTable::definition).toList();
        return new PreparedDatabase(database.version(), rendered, ForeignKeyGraph.of(definitions), LexicalIndex.build(database));
    }

    String version() {
        return version;
    }

    ForeignKeyGraph graph() {
        return graph;
    }

    LexicalIndex lexical() {
        return lexical;
    }

    boolean contains(TableName table) {
        return tables.containsKey(table);
    }

    /** The tables of the given schemas (all when empty), in catalog order. */
    List<TableName> tablesIn(Set<String> schemas) {
        return tables.keySet().stream().filter(t -> schemas.isEmpty() || schemas.contains(t.schema())).toList();
    }

    String text(TableName table, PacketFormat format) {
        Rendered r = tables.get(table);
        return format == PacketFormat.COMPACT ? r.compact() : r.createTable();
    }

    /** Tokens of the given tables' definitions alone. */
    int tokens(List<TableName> names, PacketFormat format) {
        int sum = 0;
        for (TableName name : names) {
            Rendered r = tables.get(name);
            sum += format == PacketFormat.COMPACT ? r.compactTokens() : r.createTableTokens();
        }
        return sum;
    }
}
