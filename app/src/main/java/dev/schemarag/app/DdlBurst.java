package dev.schemarag.app;

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

    String marker(int i) {
        return "burst " + burstId + " change " + i;
    }
}
