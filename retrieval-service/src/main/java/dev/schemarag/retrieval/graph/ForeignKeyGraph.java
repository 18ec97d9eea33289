package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The foreign keys of one catalog as a graph: directed edges for join conditions, undirected adjacency for
 * expansion and paths (a join works either way). Keys to tables outside the catalog are left out.
 */
public final class ForeignKeyGraph {
    private final Map<TableName, List<ForeignKeyEdge>> outgoing;
    private final Map<TableName, Set<TableName>> neighbours;

    private ForeignKeyGraph(Map<TableName, List<ForeignKeyEdge>> outgoing, Map<TableName, Set<TableName>> neighbours) {
        this.outgoing = outgoing;
        this.neighbours = neighbours;
    }

    public static ForeignKeyGraph of(Collection<Table> tables) {
        Set<TableName> known = new HashSet<>();
        tables.forEach(t -> known.add(t.name()));
        Map<TableName, List<ForeignKeyEdge>> outgoing = new HashMap<>();
        Map<TableName, Set<TableName>> neighbours = new HashMap<>();
        for (Table table : tables) {
            for (ForeignKey fk : table.foreignKeys()) {
                if (!known.contains(fk.referencedTable())) continue;
                outgoing.computeIfAbsent(table.name(), t -> new ArrayList<>())
                        .add(new ForeignKeyEdge(
                                table.name(), fk.columns(), fk.referencedTable(), fk.referencedColumns()));
                if (table.name().equals(fk.referencedTable())) continue; // a self-reference joins, but connects nothing
                neighbours
                        .computeIfAbsent(table.name(), t -> new LinkedHashSet<>())
                        .add(fk.referencedTable());
                neighbours
                        .computeIfAbsent(fk.referencedTable(), t -> new LinkedHashSet<>())
                        .add(table.name());
            }
        }
        return new ForeignKeyGraph(outgoing, neighbours);
    }

    /** Tables that reference, or are referenced by, the given table. */
    public Set<TableName> neighbours(TableName table) {
        return neighbours.getOrDefault(table, Set.of());
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
     * every path needs more than {@code maxAdded} of them. Free tables cost nothing, so the search is a 0-1 BFS, and
     * it stops at the cost bound instead of walking the whole catalog.
     */
    public Optional<List<TableName>> cheapestPath(
            Set<TableName> from, Set<TableName> to, Set<TableName> free, Predicate<TableName> passable, int maxAdded) {
        Map<TableName, Integer> cost = new HashMap<>();
        Map<TableName, TableName> parent = new HashMap<>();
        Deque<TableName> queue = new ArrayDeque<>();
        for (TableName start : from) {
            cost.put(start, 0);
            parent.put(start, start);
            queue.add(start);
        }
        while (!queue.isEmpty()) {
            TableName current = queue.poll();
            if (to.contains(current)) return Optional.of(pathTo(current, parent));
            int here = cost.get(current);
            for (TableName next : neighbours(current)) {
                boolean costless = to.contains(next) || free.contains(next);
                if (!costless && !passable.test(next)) continue;
                int there = here + (costless ? 0 : 1);
                if (there > maxAdded || there >= cost.getOrDefault(next, Integer.MAX_VALUE)) continue;
                cost.put(next, there);
                parent.put(next, current);
                if (costless) queue.addFirst(next);
                else queue.addLast(next);
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
