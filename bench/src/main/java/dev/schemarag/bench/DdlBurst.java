package dev.schemarag.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The changes of a DDL burst on a probe table of a benchmark's own: {@code ADD COLUMN} and {@code COMMENT ON COLUMN}
 * in turn, each comment carrying a marker that tells when change capture brought it into the catalog. The table
 * name is a constant of the caller and the burst id is made of digits: nothing hostile reaches the SQL. Pure: no I/O.
 */
record DdlBurst(String probeTable, long burstId) {
    String createProbeTable() {
        return "CREATE TABLE IF NOT EXISTS " + probeTable + " (probe_id bigint PRIMARY KEY, note text)";
    }

    /** Change number {@code i}: even ones add a column, odd ones comment the note column with {@link #marker}. */
    String change(int i) {
        return i % 2 == 0
                ? "ALTER TABLE " + probeTable + " ADD COLUMN burst_" + burstId + "_" + i + " text"
                : "COMMENT ON COLUMN " + probeTable + ".note IS '" + marker(i) + "'";
    }

    /** Changes 0 to {@code count - 1}. */
    List<String> changes(int count) {
        return IntStream.range(0, count).mapToObj(this::change).toList();
    }

    String marker(int i) {
        return "burst " + burstId + " change " + i;
    }

    /**
     * A burst that leaves the table as it found it: the first {@code changes} changes, a {@code DROP COLUMN} for each
     * column they added, then one more comment, {@link #marker}{@code (changes + 1)}, which tells when all of it reached
     * the catalog. {@code changes} must be even.
     */
    List<String> reversible(int changes) {
        if (changes % 2 != 0) throw new IllegalArgumentException("a reversible burst has an even number of changes");
        List<String> statements = new ArrayList<>(changes(changes));
        for (int i = 0; i < changes; i += 2)
            statements.add("ALTER TABLE " + probeTable + " DROP COLUMN burst_" + burstId + "_" + i);
        statements.add(change(changes + 1));
        return statements;
    }
}
