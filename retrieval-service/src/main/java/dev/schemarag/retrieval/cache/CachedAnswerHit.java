package dev.schemarag.retrieval.cache;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A question the answer cache holds a fresh answer to: retrieval passes it on without ranking its tables, with the
 * entry as the probe read it, so that generation need not read it again.
 */
public record CachedAnswerHit(String databaseId, String questionId, Entry entry) {
    public CachedAnswerHit {
        Objects.requireNonNull(databaseId, "databaseId");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(entry, "entry");
    }

    /** The entry's key beyond the database, and what it answers with: a row of the store's {@code answer_cache}. */
    public record Entry(
            String roleName,
            String questionHash,
            String settingsHash,
            String question,
            String sql,
            String explanation,
            double confidence,
            List<String> tablesUsed,
            List<String> assumptions,
            List<String> readsTables,
            List<String> lintWarnings,
            long catalogVersion,
            Instant storedAt) {
        public Entry {
            tablesUsed = List.copyOf(tablesUsed);
            assumptions = List.copyOf(assumptions);
            readsTables = List.copyOf(readsTables);
            lintWarnings = List.copyOf(lintWarnings);
        }
    }
}
