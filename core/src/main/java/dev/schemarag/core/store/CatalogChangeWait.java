package dev.schemarag.core.store;

import java.time.Duration;

/** What a catalog follower waits on between two checks of the store's catalog versions. */
@FunctionalInterface
public interface CatalogChangeWait extends AutoCloseable {
    /** Waits at most {@code max} for a committed catalog change; true when one was notified. */
    boolean await(Duration max) throws InterruptedException;

    /** Called by the follower's thread when it stops. */
    @Override
    default void close() {}
}
