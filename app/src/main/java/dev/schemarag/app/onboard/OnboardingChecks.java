package dev.schemarag.app.onboard;

import java.util.ArrayList;
import java.util.List;

/** Decides from a server's {@link ServerFacts} what stops {@code db add}, each with how to fix it. */
public final class OnboardingChecks {
    /** pgoutput, publications and the event-trigger functions the capture uses need PostgreSQL 10. */
    static final int MIN_VERSION_NUM = 100_000;

    private OnboardingChecks() {}

    /** A blocking problem and the fix to print under it. */
    public record Problem(String what, String fix) {}

    public static List<Problem> problems(ServerFacts facts) {
        List<Problem> problems = new ArrayList<>();
        if (facts.versionNum() < MIN_VERSION_NUM)
            problems.add(new Problem(
                    "PostgreSQL " + version(facts.versionNum()) + " is too old for logical decoding with pgoutput",
                    "upgrade the server to PostgreSQL 10 or later (15 is tested)"));
        if (!"logical".equals(facts.walLevel()))
            problems.add(new Problem(
                    "wal_level is " + facts.walLevel() + ", change capture needs logical",
                    "run ALTER SYSTEM SET wal_level = logical; as a superuser, then restart PostgreSQL"));
        if (facts.freeReplicationSlots() < 1 && !facts.captureInstalled())
            problems.add(new Problem(
                    "no replication slot is free (max_replication_slots reached)",
                    "raise max_replication_slots (ALTER SYSTEM SET max_replication_slots = ...; restart) or drop"
                            + " an unused slot (SELECT pg_drop_replication_slot(name))"));
        for (String schema : facts.missingSchemas())
            problems.add(new Problem(
                    "schema " + schema + " does not exist in the database",
                    "give the schemas to index with --schemas a,b (default public)"));
        return problems;
    }

    /** {@code 150004} → {@code 15.4}; {@code 90624} → {@code 9.6.24}. */
    static String version(int versionNum) {
        if (versionNum >= MIN_VERSION_NUM) return versionNum / 10_000 + "." + versionNum % 10_000;
        return versionNum / 10_000 + "." + versionNum / 100 % 100 + "." + versionNum % 100;
    }
}
