package dev.schemarag.app.onboard;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A replication slot as the server reports it: whether an engine streams from it, how far its confirmed position
 * trails the server's WAL ({@code lagBytes}) and how much WAL it makes the server keep ({@code retainedBytes}).
 */
public record SlotState(boolean active, long lagBytes, long retainedBytes) {
    /** Past this much retained WAL, {@code doctor} fails the database: disks fill up from here. */
    public static final long RETAINED_WAL_LIMIT = 1L << 30;

    public static Optional<SlotState> read(Connection c, String slot) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT active,"
                + " coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn), 0)::bigint,"
                + " coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn), 0)::bigint"
                + " FROM pg_replication_slots WHERE slot_name = ?")) {
            ps.setString(1, slot);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? Optional.of(new SlotState(rs.getBoolean(1), rs.getLong(2), rs.getLong(3)))
                        : Optional.empty();
            }
        }
    }

    /** {@code 1536} → {@code 1.5 KiB}. */
    public static String bytes(long n) {
        if (n < 1024) return n + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
