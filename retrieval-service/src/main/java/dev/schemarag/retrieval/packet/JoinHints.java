package dev.schemarag.retrieval.packet;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.JoinHintFormat;
import dev.schemarag.retrieval.graph.ForeignKeyEdge;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Join hints between the given tables only. Edges are join conditions, one per foreign key
 * ({@code orders.customer_id = customers.customer_id}); paths walk the FK tree of each connected group from its
 * best-ranked table to every leaf ({@code orders -> customers -> regions}). Tables are named without their schema
 * unless two of them share a name.
 */
public final class JoinHints {
    private JoinHints() {}

    /** @param tables the tables in rank order (the first of each connected group roots its paths) */
    public static List<String> of(List<TableName> tables, ForeignKeyGraph graph, JoinHintFormat format) {
        Map<TableName, String> names = displayNames(tables);
        List<String> hints = new ArrayList<>();
        if (format == JoinHintFormat.EDGES || format == JoinHintFormat.BOTH) hints.addAll(edges(tables, graph, names));
        if (format == JoinHintFormat.PATHS || format == JoinHintFormat.BOTH) hints.addAll(paths(tables, graph, names));
        return hints;
    }

    private static List<String> edges(List<TableName> tables, ForeignKeyGraph graph, Map<TableName, String> names) {
        List<String> hints = new ArrayList<>();
        for (ForeignKeyEdge edge : graph.edgesWithin(tables)) {
            List<String> conditions = new ArrayList<>();
            for (int i = 0; i < edge.fromColumns().size(); i++) {
                conditions.add(names.get(edge.from()) + "."
                        + SqlText.identifier(edge.fromColumns().get(i)) + " = " + names.get(edge.to()) + "."
                        + SqlText.identifier(edge.toColumns().get(i)));
            }
            hints.add(String.join(" AND ", conditions));
        }
        return hints;
    }

    private static List<String> paths(List<TableName> tables, ForeignKeyGraph graph, Map<TableName, String> names) {
        Set<TableName> members = new LinkedHashSet<>(tables);
        Set<TableName> covered = new HashSet<>();
        List<String> hints = new ArrayList<>();
        for (TableName root : members) {
            if (covered.contains(root)) continue;
            Map<TableName, TableName> parent = new LinkedHashMap<>();
            parent.put(root, root);
            Deque<TableName> queue = new ArrayDeque<>(List.of(root));
            while (!queue.isEmpty()) {
                TableName current = queue.poll();
                for (TableName next : graph.neighbours(current)) {
                    if (members.contains(next) && !parent.containsKey(next)) {
                        parent.put(next, current);
                        queue.add(next);
                    }
                }
            }
            covered.addAll(parent.keySet());
            Set<TableName> inner = new HashSet<>(parent.values());
            for (TableName leaf : parent.keySet()) {
                if (!leaf.equals(root) && !inner.contains(leaf)) hints.add(path(leaf, parent, names));
            }
        }
        return hints;
    }

    private static String path(TableName leaf, Map<TableName, TableName> parent, Map<TableName, String> names) {
        List<String> steps = new ArrayList<>();
        TableName current = leaf;
        steps.add(names.get(current));
        while (!parent.get(current).equals(current)) {
            current = parent.get(current);
            steps.add(0, names.get(current));
        }
        return String.join(" -> ", steps);
    }

    private static Map<TableName, String> displayNames(List<TableName> tables) {
        Map<String, Integer> sameName = new HashMap<>();
        tables.forEach(t -> sameName.merge(t.table(), 1, Integer::sum));
        Map<TableName, String> names = new HashMap<>();
        tables.forEach(
                t -> names.put(t, sameName.get(t.table()) > 1 ? SqlText.qualified(t) : SqlText.identifier(t.table())));
        return names;
    }
}
