package dev.schemarag.bench;

import dev.schemarag.core.store.Database;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;

/**
 * CPU time of the store's PostgreSQL server when it runs on this machine: the process tree of the postmaster, found as
 * the parent of one of the store's sessions. A sync's writes cost the server CPU (index maintenance, triggers, WAL)
 * that the cores share with the embedding, so a sync's CPU per entity counts both.
 */
final class StoreServerCpu {
    private final long postmasterPid;

    private StoreServerCpu(long postmasterPid) {
        this.postmasterPid = postmasterPid;
    }

    /** Empty when the server is not a local process this one can see (another host, another container). */
    static Optional<StoreServerCpu> of(Database store) throws SQLException {
        long backend;
        try (Connection c = store.borrow();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            backend = rs.getLong(1);
        }
        // A remote server's pid may name an unrelated local process: only a postgres parent counts.
        return ProcessHandle.of(backend)
                .flatMap(ProcessHandle::parent)
                .filter(p ->
                        p.info().command().map(cmd -> cmd.endsWith("/postgres")).orElse(false))
                .map(p -> new StoreServerCpu(p.pid()));
    }

    Duration now() {
        return ProcessCpu.ofTree(postmasterPid).orElse(Duration.ZERO);
    }
}
