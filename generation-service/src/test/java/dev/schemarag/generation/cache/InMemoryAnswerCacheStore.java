package dev.schemarag.generation.cache;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Store fake: entries in a map, and a catalog whose tables {@link #change} bumps, as {@code catalog_table_versions}
 * does; it hands every change after an entry's version to the cache, which decides which count.
 */
public final class InMemoryAnswerCacheStore implements AnswerCacheStore {
    public final Map<AnswerCacheKey, CachedAnswer> entries = new LinkedHashMap<>();
    public final List<String> rejected = new ArrayList<>();
    private final List<TableChange> catalog = new ArrayList<>();
    private long version;
    public boolean failing;

    public InMemoryAnswerCacheStore(long version) {
        this.version = version;
    }

    /** A change of {@code schema.table}: the catalog's next version. */
    public long change(String schema, String table) {
        catalog.add(new TableChange(schema, table, ++version));
        return version;
    }

    @Override
    public Optional<Found> find(AnswerCacheKey key, Duration ttl) throws AnswerCacheException {
        failIfFailing();
        CachedAnswer answer = entries.get(key);
        if (answer == null) return Optional.empty();
        return Optional.of(new Found(
                answer,
                catalog.stream()
                        .filter(c -> c.version() > answer.catalogVersion())
                        .toList()));
    }

    @Override
    public void put(AnswerCacheKey key, String principal, CachedAnswer answer) throws AnswerCacheException {
        failIfFailing();
        entries.put(key, answer);
    }

    @Override
    public void forget(AnswerCacheKey key) throws AnswerCacheException {
        failIfFailing();
        entries.remove(key);
    }

    @Override
    public int prune(String databaseId, int maxEntries, Duration ttl) throws AnswerCacheException {
        failIfFailing();
        int dropped = 0;
        while (entries.size() > maxEntries) {
            entries.remove(entries.keySet().iterator().next());
            dropped++;
        }
        return dropped;
    }

    @Override
    public int forgetRejected(String questionId) throws AnswerCacheException {
        failIfFailing();
        rejected.add(questionId);
        int before = entries.size();
        entries.values().removeIf(a -> a.questionId().equals(questionId));
        return before - entries.size();
    }

    private void failIfFailing() throws AnswerCacheException {
        if (failing) throw new AnswerCacheException(new IllegalStateException("store down"));
    }
}
