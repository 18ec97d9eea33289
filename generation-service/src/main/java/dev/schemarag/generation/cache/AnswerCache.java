package dev.schemarag.generation.cache;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer cache as the answer pipeline uses it: looks an entry up and decides its freshness, counts how each lookup
 * ended, keeps new answers within the bounds. An entry is served only when none of the tables it reads changed after
 * the catalog version it was validated at ({@link CachedAnswer#staleBy}); a stale one is dropped where it is found.
 * The pipeline decides whether a fresh entry is validated again before it is served. The cache never fails a question: a store it cannot
 * read is a miss, one it cannot write keeps nothing.
 */
public final class AnswerCache {
    public static final boolean DEFAULT_ENABLED = true;
    public static final int DEFAULT_MAX_ENTRIES = 10_000;
    public static final Duration DEFAULT_TTL = Duration.ofDays(7);
    /**
     * Raised when a release changes what the generator would write for a question (the prompt, the checks), so that
     * entries of the earlier release are no longer found. 2: entries keep their lint warnings (V19).
     */
    public static final int FORMAT = 2;

    private static final Logger log = LoggerFactory.getLogger(AnswerCache.class);
    private static final AnswerCache OFF = new AnswerCache(null, null, "", 0, Duration.ZERO);

    private final AnswerCacheStore store;
    private final AnswerCacheMeters meters;
    private final String generator;
    private final int maxEntries;
    private final Duration ttl;

    /**
     * @param generator the fingerprint of what writes the SQL on a miss ({@link AnswerCacheKey#generatorFingerprint})
     * @param maxEntries the most entries kept per database: the oldest go first
     * @param ttl how long an entry is served after it was validated, at most
     */
    public AnswerCache(
            AnswerCacheStore store, AnswerCacheMeters meters, String generator, int maxEntries, Duration ttl) {
        this.store = store;
        this.meters = meters;
        this.generator = generator;
        this.maxEntries = maxEntries;
        this.ttl = ttl;
    }

    /** A cache that never finds nor keeps anything. */
    public static AnswerCache off() {
        return OFF;
    }

    public boolean enabled() {
        return store != null;
    }

    /**
     * The key of a question, when it can have one: the cache is on and the role its statements run as is known.
     *
     * @param role the role the question runs as; empty when the target cannot tell, and then nothing is cached
     */
    public Optional<AnswerCacheKey> key(
            String databaseId, Optional<String> role, String question, String evidence, String dialect) {
        if (!enabled()) return Optional.empty();
        return role.map(r -> AnswerCacheKey.of(databaseId, r, question, evidence, generator, dialect));
    }

    /** The fresh entry under {@code key}; a stale one is dropped and counted as invalidated, no entry as a miss. */
    public Optional<CachedAnswer> lookup(AnswerCacheKey key) {
        Optional<AnswerCacheStore.Found> found;
        try {
            found = store.find(key, ttl);
        } catch (AnswerCacheException e) {
            log.warn(
                    "answer cache not read, answering without it: databaseId={} error={}",
                    key.databaseId(),
                    e.getMessage());
            meters.counted(AnswerCacheMeters.Result.MISS);
            return Optional.empty();
        }
        if (found.isEmpty()) {
            meters.counted(AnswerCacheMeters.Result.MISS);
            return Optional.empty();
        }
        CachedAnswer answer = found.get().answer();
        Optional<TableChange> stale = answer.staleBy(found.get().changes());
        if (stale.isPresent()) {
            log.info(
                    "answer cache entry invalidated: databaseId={} questionId={} table {} changed at version {} after {}",
                    key.databaseId(),
                    answer.questionId(),
                    stale.get().qualified(),
                    stale.get().version(),
                    answer.catalogVersion());
            forget(key);
            meters.counted(AnswerCacheMeters.Result.INVALIDATED);
            return Optional.empty();
        }
        return Optional.of(answer);
    }

    /**
     * The entry retrieval's probe read, when it is the one {@code key} names and within the time to live: the probe read
     * it and its tables' changes in one snapshot and found it fresh, so it is served without reading it again (a change
     * committed since is as late for it as one committed after this answer). Empty otherwise: the caller looks up.
     *
     * @param carriedKey the entry's key as the probe read it
     * @param storedAt when the entry was stored
     */
    public Optional<CachedAnswer> carried(
            AnswerCacheKey key, AnswerCacheKey carriedKey, Instant storedAt, CachedAnswer answer, Instant now) {
        if (!enabled() || !key.equals(carriedKey) || !storedAt.plus(ttl).isAfter(now)) return Optional.empty();
        return Optional.of(answer);
    }

    /** A fresh entry was validated again and served; {@code took} is the hit path from the lookup on. */
    public void served(Duration took) {
        meters.counted(AnswerCacheMeters.Result.HIT);
        meters.hitTook(took);
    }

    /** A fresh entry failed validation again: it is dropped, and the generator answers. */
    public void rejected(AnswerCacheKey key, String why) {
        log.info("answer cache entry failed validation again, dropped: databaseId={} reason={}", key.databaseId(), why);
        forget(key);
        meters.counted(AnswerCacheMeters.Result.REJECTED);
    }

    /**
     * Keeps a validated answer, then drops what exceeds the bounds of its database.
     *
     * @param principal the principal of the question it answered, {@code ""} for none
     */
    public void remember(AnswerCacheKey key, String principal, CachedAnswer answer) {
        try {
            store.put(key, principal, answer);
            store.prune(key.databaseId(), maxEntries, ttl);
        } catch (AnswerCacheException e) {
            log.warn(
                    "answer not cached: databaseId={} questionId={} error={}",
                    key.databaseId(),
                    answer.questionId(),
                    e.getMessage());
        }
    }

    private void forget(AnswerCacheKey key) {
        try {
            store.forget(key);
        } catch (AnswerCacheException e) {
            // Still stale, or still failing: the next lookup decides the same and tries again.
            log.warn("answer cache entry not dropped: databaseId={} error={}", key.databaseId(), e.getMessage());
        }
    }
}
