package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Makes the selected tables joinable with each other: every group of selected tables that no FK connects to the
 * best-ranked table's group is linked to it through the undirected FK path that adds the fewest tables, as long as
 * they fit under the cap (a path may pass through other selected tables for free). Groups are taken in rank order,
 * so the cap favours the better-ranked ones.
 */
public final class Bridges {
    private Bridges() {}

    /**
     * @param selected the selection in rank order
     * @param inScope  tables a path may pass through
     * @param room     how many bridge tables may be added at most
     */
    public static Bridging connect(
            List<TableName> selected, ForeignKeyGraph graph, Predicate<TableName> inScope, int room) {
        if (selected.size() < 2) return Bridging.NONE;
        Set<TableName> members = new LinkedHashSet<>(selected);
        Set<TableName> connected = new LinkedHashSet<>(graph.componentOf(selected.get(0), members));
        Set<TableName> givenUp = new HashSet<>();
        List<Bridge> bridges = new ArrayList<>();
        int left = room;
        for (TableName table : selected) {
            if (connected.contains(table) || givenUp.contains(table)) continue;
            Set<TableName> group = graph.componentOf(table, members);
            Optional<List<TableName>> path = graph.cheapestPath(connected, group, members, inScope, left);
            if (path.isEmpty()) {
                givenUp.addAll(group);
                continue;
            }
            List<TableName> via =
                    path.get().stream().filter(t -> !members.contains(t)).toList();
            if (!via.isEmpty())
                bridges.add(
                        new Bridge(path.get().get(0), path.get().get(path.get().size() - 1), via));
            members.addAll(via);
            left -= via.size();
            connected.addAll(graph.componentOf(selected.get(0), members));
        }
        List<TableName> unconnected =
                selected.stream().filter(t -> !connected.contains(t)).toList();
        return new Bridging(bridges, unconnected);
    }
}
