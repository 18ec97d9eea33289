package dev.schemarag.app.onboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.ingest.cdc.DdlCaptureInstaller;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code schemarag db remove}'s steps: unregisters the database, waits for ingest to stop streaming from its slot,
 * then drops the slot, the DDL capture (event triggers, publication, schema), the roles db add created and its index.
 * A database whose slot or capture cannot be dropped stays registered. A MySQL or MariaDB database has its users
 * dropped and its index. It says what it did, and what stopped it, on
 * the writers it is given.
 */
public final class DatabaseRemoval {
    private final DatabasesFile file;
    private final Database store;
    private final PrintWriter out;
    private final PrintWriter err;

    public DatabaseRemoval(DatabasesFile file, Database store, PrintWriter out, PrintWriter err) {
        this.file = file;
        this.store = store;
        this.out = out;
        this.err = err;
    }

    /**
     * Removes {@code db}, registered as {@code entry}, as {@code admin}, a superuser.
     *
     * @param slotRelease how long ingest gets to stop streaming from the slot once the database is unregistered
     * @return whether all of it was removed
     */
    public boolean remove(RegisteredDatabase db, ObjectNode entry, Credentials admin, Duration slotRelease)
            throws IOException, SQLException, InterruptedException {
        String id = db.id();
        if (db.dialect() != SqlDialect.POSTGRESQL) return removeMySql(db, entry, admin);
        // Event triggers and the slot can only be dropped by a superuser: check before anything changes.
        try (Database login = new Database(db.jdbcUrl(), admin.user(), admin.password());
                Connection c = login.open()) {
            if (!DdlCaptureInstaller.superuser(c)) {
                err.println(admin.user() + " is no superuser: dropping the event triggers and the slot needs"
                        + " one; nothing was changed\n  fix: schemarag db remove " + id
                        + " --admin-user <a superuser>");
                return false;
            }
        } catch (SQLException e) {
            err.println("cannot connect to " + id + " as " + admin.user() + " (SQLSTATE " + e.getSQLState()
                    + "); nothing was changed");
            return false;
        }
        List<String> createdRoles = new ArrayList<>();
        entry.path("createdRoles").forEach((JsonNode r) -> createdRoles.add(r.asText()));
        // Unregistered first: a service watching the file stops the database's engine, which frees the slot.
        file.remove(id);
        String slot = DebeziumDdlCapture.slotName(id);
        DatabaseOnboarding.Leftovers left;
        try (Database login = new Database(db.jdbcUrl(), admin.user(), admin.password())) {
            DatabaseOnboarding onboarding = new DatabaseOnboarding(login);
            long deadline = System.nanoTime() + slotRelease.toNanos();
            left = onboarding.remove(slot, createdRoles);
            while (left.slotActive() && System.nanoTime() < deadline) {
                Thread.sleep(500);
                left = onboarding.remove(slot, createdRoles);
            }
        } catch (Exception e) {
            file.add(entry);
            err.println("cannot remove " + id + ", it stays registered: " + e.getMessage());
            return false;
        }
        if (left.slotActive()) {
            file.add(entry);
            err.println("replication slot " + slot + " is still streamed from after " + slotRelease.toSeconds()
                    + " s; " + id + " stays registered\n  fix: stop ingest (or restart it so that it drops " + id
                    + "), then run db remove again");
            return false;
        }
        dropIndex(id);
        out.println("removed " + id + ": slot " + slot + ", event triggers, publication, schema"
                + " schemarag_cdc and its index dropped");
        if (!left.roles().isEmpty()) {
            err.println("roles " + left.roles() + " still hold privileges in other databases; not dropped");
            return false;
        }
        if (!createdRoles.isEmpty()) out.println("roles dropped: " + String.join(", ", createdRoles));
        return true;
    }

    /**
     * A MySQL or MariaDB database holds no slot or capture objects of ours: only the users db add created, which are
     * dropped once the database is unregistered (ingest stops reading its binlog when the file changes).
     */
    private boolean removeMySql(RegisteredDatabase db, ObjectNode entry, Credentials admin)
            throws IOException, SQLException {
        List<String> createdUsers = new ArrayList<>();
        entry.path("createdRoles").forEach((JsonNode r) -> createdUsers.add(r.asText()));
        try (Database login = new Database(db.jdbcUrl(), admin.user(), admin.password())) {
            login.open().close();
            file.remove(db.id());
            try {
                List<String> dropped = new MySqlOnboarding(login).dropUsers(createdUsers);
                if (!dropped.isEmpty()) out.println("users dropped: " + String.join(", ", dropped));
            } catch (SQLException e) {
                file.add(entry);
                err.println("cannot drop the users of " + db.id() + " as " + admin.user() + " (SQLSTATE "
                        + e.getSQLState() + "); it stays registered\n  fix: schemarag db remove " + db.id()
                        + " --admin-user <one who may DROP USER>");
                return false;
            }
        } catch (SQLException e) {
            err.println("cannot connect to " + db.id() + " as " + admin.user() + " (SQLSTATE " + e.getSQLState()
                    + "); nothing was changed");
            return false;
        }
        dropIndex(db.id());
        out.println("removed " + db.id() + " and its index");
        return true;
    }

    private void dropIndex(String id) throws SQLException {
        PgVectorSchemaStore index = new PgVectorSchemaStore(store);
        for (TableName table : index.tables(id)) index.deleteTable(id, table);
    }
}
