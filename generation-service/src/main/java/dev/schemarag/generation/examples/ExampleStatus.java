package dev.schemarag.generation.examples;

import dev.schemarag.events.FeedbackVerdict;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a stored question → SQL pair may answer offline. EXPLAIN proves that SQL runs, not that it answers its
 * question, so a validated answer is only a candidate until a person approves it; documented queries come from the
 * docs, which people wrote. The wire name is the {@code verified_examples.status} value (migration V5).
 */
public enum ExampleStatus {
    /** A Common Query from the database's docs. */
    DOCUMENTED,
    /** An answer that passed validation and nobody has reviewed. */
    CANDIDATE,
    /** An answer a person approved. */
    APPROVED,
    /** An answer a person rejected. */
    REJECTED;

    /** Whether the offline generator may answer with it: what people wrote or approved, nothing else. */
    public boolean servedOffline() {
        return this == DOCUMENTED || this == APPROVED;
    }

    /**
     * The status after a person's verdict. A rejection is final, so that a bad answer cannot be brought back by a
     * later or replayed approval; an approval can still be withdrawn by a rejection. Documented queries change only
     * with the docs.
     */
    public ExampleStatus after(FeedbackVerdict verdict) {
        return switch (this) {
            case DOCUMENTED, REJECTED -> this;
            case CANDIDATE, APPROVED -> verdict == FeedbackVerdict.APPROVE ? APPROVED : REJECTED;
        };
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ExampleStatus fromWireName(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }

    /** The statuses {@link #servedOffline()} admits. */
    public static List<ExampleStatus> served() {
        return Arrays.stream(values()).filter(ExampleStatus::servedOffline).toList();
    }

    /** {@link #served()} as an SQL list of literals, {@code 'documented', 'approved'}, for a store's {@code IN (...)}. */
    public static String servedSqlList() {
        return String.join(
                ", ", served().stream().map(s -> "'" + s.wireName() + "'").toList());
    }
}
