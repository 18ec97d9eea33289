package dev.schemarag.retrieval.cache;

import java.time.Instant;
import java.util.List;

/** Entries of the answer cache as tests' probes return them. */
public final class CachedAnswerHits {
    private CachedAnswerHits() {}

    /** A hit on the entry of {@code questionId}'s answer, run as {@code hr_role}, validated at catalog version 7. */
    public static CachedAnswerHit of(String databaseId, String questionId, String questionHash) {
        return new CachedAnswerHit(
                databaseId,
                questionId,
                new CachedAnswerHit.Entry(
                        "hr_role",
                        questionHash,
                        "settings",
                        "How many employees are in each department?",
                        "SELECT department_id, count(*) FROM hr.employees GROUP BY department_id",
                        "counts employees by department",
                        0.9,
                        List.of("hr.employees"),
                        List.of(),
                        List.of("hr.employees"),
                        List.of(),
                        7,
                        Instant.parse("2026-11-28T08:00:00Z")));
    }
}
