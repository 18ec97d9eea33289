package dev.schemarag.generation.staleness;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * The table a schema.catalog record is about, read from its key {@code <database id>.<schema>.<table>}: a tombstone
 * (a dropped or renamed table) has no value to read it from. Database ids may hold dots, so the key's database is the
 * longest registered id it starts with.
 */
public record CatalogKey(String databaseId, String schema, String table) {

    public static Optional<CatalogKey> parse(String key, Collection<String> databaseIds) {
        if (key == null) return Optional.empty();
        return databaseIds.stream()
                .filter(id -> key.startsWith(id + ".") && key.length() > id.length() + 1)
                .max(Comparator.comparingInt(String::length))
                .flatMap(id -> {
                    String rest = key.substring(id.length() + 1);
                    int dot = rest.indexOf('.');
                    if (dot <= 0 || dot == rest.length() - 1) return Optional.empty();
                    return Optional.of(new CatalogKey(id, rest.substring(0, dot), rest.substring(dot + 1)));
                });
    }
}
