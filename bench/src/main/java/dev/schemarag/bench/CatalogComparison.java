package dev.schemarag.bench;

import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Entities whose text hash differs between two catalogs, or that only one of them holds. Pure. */
final class CatalogComparison {
    private CatalogComparison() {}

    /** Both maps: entity key → text hash. */
    static int mismatches(Map<String, String> live, Map<String, String> fresh) {
        Set<String> entities = new HashSet<>(live.keySet());
        entities.addAll(fresh.keySet());
        return (int) entities.stream()
                .filter(e -> !Objects.equals(live.get(e), fresh.get(e)))
                .count();
    }
}
