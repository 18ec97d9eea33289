package dev.schemarag.bench.stack;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The databases a benchmark on the developer's stack works on, on the store's server: each named after its benchmark,
 * dropped and created afresh by the store administrator, who is also its admin login, and its rows cleared from the
 * store, so that a run starts from nothing whatever the last one left.
 */
public final class BenchDatabases {
    private static final List<String> STORE_TABLES =
            List.of("schema_embeddings", "doc_chunks", "catalog_relationships");

    private final ServiceRuntime runtime;

    public BenchDatabases(ServiceRuntime runtime) {
        this.runtime = runtime;
    }

    /** Drops the database {@code id} (and the replication slots that pin it), creates it empty and registers it. */
    public RegisteredDatabase fresh(String id, List<String> schemas) throws SQLException {
        String url = runtime.databaseUrl(id);
        Credentials admin = runtime.storeAdmin()
                .orElseThrow(() -> new IllegalStateException("bench creates databases: set store.admin.user"));
        RegisteredDatabase db = new RegisteredDatabase(id, url, admin, null, schemas, null, null);
        try (Connection previous = new Database(url, admin.user(), admin.password()).open();
                Statement s = previous.createStatement()) {
            // A logical slot pins its database and can only be dropped from a connection to it.
            s.execute(
                    "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE database = current_database() AND NOT active");
        } catch (SQLException noSuchDatabaseYet) {
            // Nothing to clean up.
        }
        try (Database server = new Database(
                        runtime.settings().get(RuntimeSettings.STORE_JDBC_URL), admin.user(), admin.password());
                Connection c = server.borrow();
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + id + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + id);
        }
        return db;
    }

    /** Deletes what the store holds of {@code databaseId}: its embeddings, doc chunks and relationships. */
    public void clearStore(String databaseId) throws SQLException {
        try (Connection c = runtime.store().borrow()) {
            for (String table : STORE_TABLES)
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE database_id = ?")) {
                    ps.setString(1, databaseId);
                    ps.executeUpdate();
                }
        }
    }
}
