package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a catalog change makes stale of what retrieval prepares from a catalog: the tables whose packet texts must be
 * rendered again ({@code texts}: their definition changed, or they came or went), those whose lexical documents must be
 * indexed again ({@code lexical}: their embedded texts, column rows or doc chunks changed, or they came or went), and
 * whether the join graph must be rebuilt ({@code graph}: a definition or a stored edge changed). A table whose rows
 * differ in their recorded access only makes nothing stale: a GRANT or REVOKE changes what the roles' views hold, not
 * the texts, index or graph of what they hold.
 */
public record StaleParts(Set<TableName> texts, Set<TableName> lexical, boolean graph) {
    public StaleParts {
        texts = Set.copyOf(texts);
        lexical = Set.copyOf(lexical);
    }

    /** What applying {@code changes} to {@code held} makes stale. */
    public static StaleParts of(IndexedDatabase held, CatalogChanges changes) {
        Set<TableName> changed = changes.changed();
        Map<TableName, IndexedTable> before = new HashMap<>();
        for (IndexedTable table : held.tables())
            if (changed.contains(table.definition().name()))
                before.put(table.definition().name(), table);
        Map<TableName, IndexedTable> after = new HashMap<>();
        changes.tables().forEach(table -> after.put(table.definition().name(), table));
        Map<TableName, List<DocChunk>> docsBefore = byTable(held.docs(), changed);
        Map<TableName, List<DocChunk>> docsAfter = byTable(changes.docs(), changed);
        Set<TableName> texts = new HashSet<>();
        Set<TableName> lexical = new HashSet<>();
        boolean graph = false;
        for (TableName name : changed) {
            IndexedTable was = before.get(name);
            IndexedTable is = after.get(name);
            if (was == null && is == null) continue; // doc chunks of no table are indexed nowhere
            if (was == null || is == null) {
                texts.add(name);
                lexical.add(name);
                graph = true;
                continue;
            }
            if (!was.definition().equals(is.definition())) {
                texts.add(name);
                graph = true;
            }
            if (!was.relationships().equals(is.relationships())) graph = true;
            if (!Objects.equals(was.text(), is.text())
                    || !was.columns().equals(is.columns())
                    || !docsBefore.getOrDefault(name, List.of()).equals(docsAfter.getOrDefault(name, List.of())))
                lexical.add(name);
        }
        return new StaleParts(texts, lexical, graph);
    }

    private static Map<TableName, List<DocChunk>> byTable(List<DocChunk> docs, Set<TableName> tables) {
        Map<TableName, List<DocChunk>> byTable = new HashMap<>();
        for (DocChunk doc : docs)
            if (tables.contains(doc.table()))
                byTable.computeIfAbsent(doc.table(), t -> new ArrayList<>()).add(doc);
        return byTable;
    }
}
