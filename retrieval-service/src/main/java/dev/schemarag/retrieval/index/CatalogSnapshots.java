package dev.schemarag.retrieval.index;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Immutable per-database snapshots of a catalog, replaced whole (copy on write) when the store reports a new version:
 * a question holds the snapshot it started with, so none sees half a change. One thread at a time brings a database's
 * snapshot up to date; meanwhile the others go on with the previous one rather than wait, and only a database with no
 * snapshot yet makes them wait for its first load. Thread-safe.
 *
 * @param <S> the snapshot, which knows its version
 */
public final class CatalogSnapshots<S> {
    private final Function<S, String> versionOf;
    private final ConcurrentMap<String, S> current = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, ReentrantLock> refreshing = new ConcurrentHashMap<>();

    /** How a snapshot is brought to a version: from the one held, or from nothing. */
    public interface Refresh<S> {
        /** A full load; empty when the database is gone. */
        Optional<S> load(String databaseId);

        /** The held snapshot with the changes since its version applied; empty when they cannot be had. */
        Optional<S> apply(String databaseId, S held);
    }

    public CatalogSnapshots(Function<S, String> versionOf) {
        this.versionOf = versionOf;
    }

    /**
     * The database's snapshot at {@code version} or later (brought there first if need be), or the last one while
     * another thread brings it there; empty when the database is gone.
     */
    public Optional<S> get(String databaseId, String version, Refresh<S> refresh) {
        S held = current.get(databaseId);
        if (held != null && versionOf.apply(held).equals(version)) return Optional.of(held);
        ReentrantLock lock = refreshing.computeIfAbsent(databaseId, id -> new ReentrantLock());
        if (held != null) {
            if (!lock.tryLock()) return Optional.of(held);
        } else {
            lock.lock();
        }
        try {
            S latest = current.get(databaseId);
            if (latest != null && versionOf.apply(latest).equals(version)) return Optional.of(latest);
            Optional<S> next = latest == null ? Optional.empty() : refresh.apply(databaseId, latest);
            if (next.isEmpty()) next = refresh.load(databaseId);
            if (next.isPresent()) current.put(databaseId, next.get());
            else current.remove(databaseId);
            return next;
        } finally {
            lock.unlock();
        }
    }

    /** The snapshot held, whatever its version, e.g. to serve while the store cannot say the current one. */
    public Optional<S> last(String databaseId) {
        return Optional.ofNullable(current.get(databaseId));
    }

    /** The databases a snapshot is held for. */
    public Set<String> held() {
        return Set.copyOf(current.keySet());
    }

    /** Forgets the database, which is no longer registered. */
    public void remove(String databaseId) {
        current.remove(databaseId);
    }
}
