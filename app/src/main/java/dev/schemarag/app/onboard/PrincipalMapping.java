package dev.schemarag.app.onboard;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * {@code schemarag db principal}'s steps: maps a principal to a database role in the databases file, and makes the
 * registration's reader a (NOINHERIT) member of that role through the admin login, so that it can SET ROLE to it. The
 * grant comes first: a mapping the reader cannot use would only fail every question of that principal.
 */
public final class PrincipalMapping {
    private final DatabasesFile file;
    private final PrintWriter out;
    private final PrintWriter err;

    public PrincipalMapping(DatabasesFile file, PrintWriter out, PrintWriter err) {
        this.file = file;
        this.out = out;
        this.err = err;
    }

    /** Grants the reader membership of {@code role} and maps {@code principal} to it; false after saying why not. */
    public boolean add(String databaseId, String principal, String role) throws IOException {
        Optional<RegisteredDatabase> db = registered(databaseId);
        if (db.isEmpty()) return false;
        String reader = db.get().requireReader().user();
        if (!run(db.get(), ReaderRole.memberOf(reader, role))) return false;
        file.mapPrincipal(databaseId, principal, role);
        out.println("principal " + principal + " asks " + databaseId + " as role " + role + " (" + reader
                + " may SET ROLE to it)");
        return true;
    }

    /** Unmaps {@code principal} and revokes the reader's membership of its role when no other principal uses it. */
    public boolean remove(String databaseId, String principal) throws IOException {
        Optional<RegisteredDatabase> db = registered(databaseId);
        if (db.isEmpty()) return false;
        String role = db.get().principals().roles().get(principal);
        if (role == null) {
            err.println("principal " + principal + " is not mapped on " + databaseId);
            return false;
        }
        file.mapPrincipal(databaseId, principal, null);
        boolean shared = db.get().principals().without(principal).roles().containsValue(role)
                || role.equals(db.get().principals().defaultRole());
        if (!shared
                && !run(
                        db.get(),
                        ReaderRole.notMemberOf(db.get().requireReader().user(), role))) return false;
        out.println("principal " + principal + " removed from " + databaseId);
        return true;
    }

    private Optional<RegisteredDatabase> registered(String databaseId) throws IOException {
        Optional<RegisteredDatabase> db = file.registry().find(databaseId);
        if (db.isEmpty()) err.println("database '" + databaseId + "' is not registered in " + file.path());
        else if (db.get().reader() == null || db.get().admin() == null) {
            err.println("database '" + databaseId + "' needs both \"admin\" and \"reader\" logins to map principals");
            return Optional.empty();
        }
        return db;
    }

    private boolean run(RegisteredDatabase db, List<String> statements) {
        Credentials admin = db.requireAdmin();
        try (Database login = new Database(db.jdbcUrl(), admin.user(), admin.password());
                Connection c = login.open();
                Statement st = c.createStatement()) {
            for (String sql : statements) st.execute(sql);
            return true;
        } catch (SQLException e) {
            err.println("cannot change the roles of " + db.id() + ": " + e.getMessage() + " (SQLSTATE "
                    + e.getSQLState() + ")");
            return false;
        }
    }
}
