package dev.schemarag.core.store;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * At most {@code permits} statements at once on each target database, per process, so that a flood of expensive
 * questions on one database can neither take every pooled connection (the pool keeps one for catalog reads) nor hold
 * the shared workers waiting, which would stall the other databases' questions. A caller waits a bounded time for a
 * permit and otherwise fails fast.
 */
public final class DatabaseBulkhead {
    private final int permits;
    private final Map<String, Semaphore> byDatabase = new ConcurrentHashMap<>();

    public DatabaseBulkhead(int permits) {
        if (permits < 1) throw new IllegalArgumentException("a bulkhead needs at least one permit");
        this.permits = permits;
    }

    public int permits() {
        return permits;
    }

    /** A permit for {@code databaseId}, waiting at most {@code wait}; empty when none came free in time. */
    public Optional<Permit> enter(String databaseId, Duration wait) throws InterruptedException {
        Semaphore semaphore = byDatabase.computeIfAbsent(databaseId, id -> new Semaphore(permits, true));
        if (!semaphore.tryAcquire(Math.max(0, wait.toMillis()), TimeUnit.MILLISECONDS)) return Optional.empty();
        return Optional.of(new Permit(semaphore));
    }

    /** Held while one statement runs; closing it gives the permit back, once. */
    public static final class Permit implements AutoCloseable {
        private Semaphore semaphore;

        private Permit(Semaphore semaphore) {
            this.semaphore = semaphore;
        }

        @Override
        public synchronized void close() {
            if (semaphore != null) semaphore.release();
            semaphore = null;
        }
    }
}
