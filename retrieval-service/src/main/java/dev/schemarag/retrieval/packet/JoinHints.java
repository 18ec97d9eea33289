package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.JoinHintFormat;
import dev.schemarag.retrieval.config.PacketFormat;
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
 * unless two of them share a name. Edges the database does not enforce are marked, so the model knows they are not
 * constraints: an annotated or inferred condition says so ({@code (inferred, confidence 0.9)}), and a path step over
 * such an edge is written {@code ~>}.
 */
public final class JoinHints {
    private JoinHints() {}

    /**
     * @param tables the tables in rank order (the first of each connected group roots its paths)
     * @param dialect the SQL of the database, which decides how a name that needs it is quoted
     */
    public static List<String> of(
            List<TableName> tables, ForeignKeyGraph graph, JoinHintFormat format, SqlDialect dialect) {
        return of(tables, graph, format, dialect, false);
    }

    /**
     * The hints as the packet's own section lists them: with {@code CREATE TABLE} statements, which state each
     * declared key as {@code FOREIGN KEY ... REFERENCES}, only the edges the DDL does not show (annotated, inferred)
     * are repeated as conditions; paths stay whole. The context's hint list ({@link #of}) keeps every edge.
     */
    public static List<String> forPacket(
            List<TableName> tables,
            ForeignKeyGraph graph,
            JoinHintFormat format,
            SqlDialect dialect,
            PacketFormat packetFormat) {
        return of(tables, graph, format, dialect, packetFormat == PacketFormat.CREATE_TABLE);
    }

    private static List<String> of(
            List<TableName> tables,
            ForeignKeyGraph graph,
            JoinHintFormat format,
            SqlDialect dialect,
            boolean declaredInDdl) {
        Map<TableName, String> names = displayNames(tables, dialect);
        List<String> hints = new ArrayList<>();
        if (format == JoinHintFormat.EDGES || format == JoinHintFormat.BOTH)
            hints.addAll(edges(tables, graph, names, dialect, declaredInDdl));
        if (format == JoinHintFormat.PATHS || format == JoinHintFormat.BOTH) hints.addAll(paths(tables, graph, names));
        return hints;
    }

    private static List<String> edges(
            List<TableName> tables,
            ForeignKeyGraph graph,
            Map<TableName, String> names,
            SqlDialect dialect,
            boolean declaredInDdl) {
        List<String> hints = new ArrayList<>();
        for (ForeignKeyEdge edge : graph.edgesWithin(tables)) {
            if (declaredInDdl && edge.declared()) continue;
            List<String> conditions = new ArrayList<>();
            for (int i = 0; i < edge.fromColumns().size(); i++) {
                conditions.add(names.get(edge.from()) + "."
                        + SqlText.identifier(edge.fromColumns().get(i), dialect) + " = " + names.get(edge.to()) + "."
                        + SqlText.identifier(edge.toColumns().get(i), dialect));
            }
            hints.add(String.join(" AND ", conditions) + marker(edge));
        }
        return hints;
    }

    private static String marker(ForeignKeyEdge edge) {
        return switch (edge.source()) {
            case DECLARED -> "";
            case ANNOTATED -> " (annotated, not a declared key)";
            case INFERRED -> " (inferred, confidence " + edge.confidence() + ")";
        };
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
                if (!leaf.equals(root) && !inner.contains(leaf)) hints.add(path(leaf, parent, names, graph));
            }
        }
        return hints;
    }

    private static String path(
            TableName leaf, Map<TableName, TableName> parent, Map<TableName, String> names, ForeignKeyGraph graph) {
        StringBuilder path = new StringBuilder(names.get(leaf));
        TableName current = leaf;
        while (!parent.get(current).equals(current)) {
            TableName previous = parent.get(current);
            String arrow = graph.confidence(previous, current) < EdgeSource.DECLARED_CONFIDENCE ? " ~> " : " -> ";
            path.insert(0, names.get(previous) + arrow);
            current = previous;
        }
        return path.toString();
    }

    private static Map<TableName, String> displayNames(List<TableName> tables, SqlDialect dialect) {
        Map<String, Integer> sameName = new HashMap<>();
        tables.forEach(t -> sameName.merge(t.table(), 1, Integer::sum));
        Map<TableName, String> names = new HashMap<>();
        tables.forEach(t -> names.put(
                t,
                sameName.get(t.table()) > 1 ? SqlText.qualified(t, dialect) : SqlText.identifier(t.table(), dialect)));
        return names;
    }
}
