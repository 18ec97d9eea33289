package dev.schemarag.retrieval.routing;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A place a question may be routed to: a registered database, or some schemas of one (a catalog whose schemas are
 * separate databases, as in a benchmark that loads many into one).
 *
 * @param schemas the schemas searched; empty means the whole database
 */
public record RouteCandidate(String databaseId, Set<String> schemas) {
    public RouteCandidate {
        Objects.requireNonNull(databaseId, "databaseId");
        schemas = Set.copyOf(schemas);
    }

    public static RouteCandidate database(String databaseId) {
        return new RouteCandidate(databaseId, Set.of());
    }

    /** The database id, followed by its schemas when the candidate is limited to some. */
    public String label() {
        return schemas.isEmpty() ? databaseId : databaseId + "/" + String.join(",", new TreeSet<>(schemas));
    }
}
