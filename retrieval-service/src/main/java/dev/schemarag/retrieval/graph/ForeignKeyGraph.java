package dev.schemarag.retrieval.graph;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.relationships.JoinEdges;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The join edges of one catalog as a graph: directed edges for join conditions, undirected adjacency for expansion
 * and paths (a join works either way). Edges are the declared foreign keys plus any annotated or inferred ones; each
 * pair of neighbours carries the confidence of its strongest edge. Edges to tables outside the catalog are left out.
 */
public final class ForeignKeyGraph {
    /** Per edge below full confidence, a path's cost grows by this times the missing confidence (a tie-break only). */
    private static final double DOUBT_COST = 0.05;

    private final Map<TableName, List<ForeignKeyEdge>> outgoing;
    private final Map<TableName, Map<TableName, Double>> neighbours;

    private ForeignKeyGraph(
            Map<TableName, List<ForeignKeyEdge>> outgoing, Map<TableName, Map<TableName, Double>> neighbours) {
        this.outgoing = outgoing;
        this.neighbours = neighbours;
    }

    /** The declared foreign keys of the tables. */
    public static ForeignKeyGraph of(Collection<Table> tables) {
        return of(tables, List.of());
    }

    /** The declared foreign keys of the tables and the given further edges (annotated or inferred). */
    public static ForeignKeyGraph of(Collection<Table> tables, Collection<ForeignKeyEdge> further) {
        Set<TableName> known = new HashSet<>();
        tables.forEach(t -> known.add(t.name()));
        List<ForeignKeyEdge> edges = new ArrayList<>();
        for (Table table : tables) edges.addAll(JoinEdges.declared(table));
        edges.addAll(further);
        Map<TableName, List<ForeignKeyEdge>> outgoing = new HashMap<>();
        Map<TableName, Map<TableName, Double>> neighbours = new HashMap<>();
        for (ForeignKeyEdge edge : edges) {
            if (!known.contains(edge.from()) || !known.contains(edge.to())) continue;
            outgoing.computeIfAbsent(edge.from(), t -> new ArrayList<>()).add(edge);
            if (edge.from().equals(edge.to())) continue; // a self-reference joins, but connects nothing
            neighbours
                    .computeIfAbsent(edge.from(), t -> new LinkedHashMap<>())
                    .merge(edge.to(), edge.confidence(), Math::max);
            neighbours
                    .computeIfAbsent(edge.to(), t -> new LinkedHashMap<>())
                    .merge(edge.from(), edge.confidence(), Math::max);
        }
        return new ForeignKeyGraph(outgoing, neighbours);
    }

    /** Tables that reference, or are referenced by, the given table. */
    public Set<TableName> neighbours(TableName table) {
        return neighbours.getOrDefault(table, Map.of()).keySet();
    }

    /** The confidence of the strongest edge between two tables, 0 when none joins them. */
    public double confidence(TableName a, TableName b) {
        return neighbours.getOrDefault(a, Map.of()).getOrDefault(b, 0.0);
    }

    /** The tables the given table references by its foreign keys (its parents), itself left out. */
    public Set<TableName> referencedBy(TableName table) {
        Set<TableName> parents = new LinkedHashSet<>();
        for (ForeignKeyEdge edge : outgoing.getOrDefault(table, List.of())) {
            if (!edge.to().equals(table)) parents.add(edge.to());
        }
        return parents;
    }

    /** Foreign keys whose both ends are among the given tables, ordered by the referencing table's position. */
    public List<ForeignKeyEdge> edgesWithin(Collection<TableName> tables) {
        Set<TableName> members = new HashSet<>(tables);
        List<ForeignKeyEdge> edges = new ArrayList<>();
        for (TableName table : new LinkedHashSet<>(tables)) {
            for (ForeignKeyEdge edge : outgoing.getOrDefault(table, List.of())) {
                if (members.contains(edge.to())) edges.add(edge);
            }
        }
        return edges;
    }

    /**
     * An undirected path from any table of {@code from} to any table of {@code to}, both ends included, that passes
     * through the fewest tables outside {@code free} (and only through tables {@code passable} accepts); empty when
     * every path needs more than {@code maxAdded} of them. Free tables cost nothing. Among paths adding as many tables,
     * the one over the more confident edges wins (declared before inferred). The search stops at the cost bound
     * instead of walking the whole catalog.
     */
    public Optional<List<TableName>> cheapestPath(
            Set<TableName> from, Set<TableName> to, Set<TableName> free, Predicate<TableName> passable, int maxAdded) {
        Map<TableName, Double> cost = new HashMap<>();
        Map<TableName, TableName> parent = new HashMap<>();
        PriorityQueue<Map.Entry<TableName, Double>> queue = new PriorityQueue<>(Map.Entry.comparingByValue());
        for (TableName start : from) {
            cost.put(start, 0.0);
            parent.put(start, start);
            queue.add(Map.entry(start, 0.0));
        }
        while (!queue.isEmpty()) {
            Map.Entry<TableName, Double> head = queue.poll();
            TableName current = head.getKey();
            if (head.getValue() > cost.get(current)) continue; // a stale entry
            if (to.contains(current)) return Optional.of(pathTo(current, parent));
            for (Map.Entry<TableName, Double> next :
                    neighbours.getOrDefault(current, Map.of()).entrySet()) {
                TableName table = next.getKey();
                boolean costless = to.contains(table) || free.contains(table);
                if (!costless && !passable.test(table)) continue;
                double there = head.getValue() + (costless ? 0 : 1) + DOUBT_COST * (1 - next.getValue());
                if (Math.floor(there) > maxAdded || there >= cost.getOrDefault(table, Double.MAX_VALUE)) continue;
                cost.put(table, there);
                parent.put(table, current);
                queue.add(Map.entry(table, there));
            }
        }
        return Optional.empty();
    }

    /** The tables reachable from {@code start} through tables of {@code within}, {@code start} first. */
    public Set<TableName> componentOf(TableName start, Set<TableName> within) {
        Set<TableName> component = new LinkedHashSet<>(List.of(start));
        Deque<TableName> queue = new ArrayDeque<>(component);
        while (!queue.isEmpty()) {
            for (TableName next : neighbours(queue.poll())) {
                if (within.contains(next) && component.add(next)) queue.add(next);
            }
        }
        return component;
    }

    private static List<TableName> pathTo(TableName end, Map<TableName, TableName> parent) {
        List<TableName> path = new ArrayList<>();
        TableName current = end;
        path.add(current);
        while (!parent.get(current).equals(current)) {
            current = parent.get(current);
            path.add(0, current);
        }
        return path;
    }
}
