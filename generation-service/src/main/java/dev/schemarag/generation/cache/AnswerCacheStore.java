package dev.schemarag.generation.cache;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Port: where the answer cache keeps its entries, beside the catalog versions that decide their freshness. */
public interface AnswerCacheStore {

    /**
     * The entry under {@code key} validated less than {@code ttl} ago, with the changes after its catalog version of
     * the tables it may read, read in one statement (one snapshot) with it.
     */
    Optional<Found> find(AnswerCacheKey key, Duration ttl) throws AnswerCacheException;

    /**
     * Keeps {@code answer} under {@code key}, replacing what was there, with the principal of the question it answered
     * ({@code ""} for none), which retrieval's probe looks it up by.
     */
    void put(AnswerCacheKey key, String principal, CachedAnswer answer) throws AnswerCacheException;

    /** Drops the entry under {@code key}, if any. */
    void forget(AnswerCacheKey key) throws AnswerCacheException;

    /**
     * Drops the entries of {@code databaseId} validated {@code ttl} ago or earlier, then the oldest beyond
     * {@code maxEntries}; returns how many it dropped.
     */
    int prune(String databaseId, int maxEntries, Duration ttl) throws AnswerCacheException;

    /**
     * Drops every entry holding the SQL of the answer {@code questionId} on its database: a reviewer rejected it.
     * Returns how many it dropped.
     */
    int forgetRejected(String questionId) throws AnswerCacheException;

    /** An entry and the changes of the tables it may read since its catalog version (the cache decides which count). */
    record Found(CachedAnswer answer, List<TableChange> changes) {
        public Found {
            changes = List.copyOf(changes);
        }
    }
}
