package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabaseOnboarding;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.ingest.cdc.DdlCaptureInstaller;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag db remove <id>}: unregisters the database, waits for ingest to stop streaming from its slot, then
 * drops the slot, the DDL capture (event triggers, publication, schema), the roles db add created and its index.
 */
@Command(name = "remove", description = "Unregister a database and drop its slot, DDL capture, roles and index.")
final class DbRemoveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "registered database id")
    String id;

    @Option(names = "--timeout", defaultValue = "60", description = "seconds to wait for ingest to release the slot")
    int timeoutSeconds;

    @Option(
            names = "--admin-user",
            description = "a superuser to remove with when the registered admin is none (password: DB_ADMIN_PASSWORD"
                    + " or a prompt)")
    String adminUser;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            DatabasesFile file = new DatabasesFile(TargetDatabases.file(services));
            Optional<ObjectNode> entry = file.find(id);
            if (entry.isEmpty()) {
                spec.commandLine().getErr().println("database '" + id + "' is not registered in " + file.path());
                return DbAddCommand.USAGE;
            }
            RegisteredDatabase db = file.registry().find(id).orElseThrow();
            Credentials admin = db.requireAdmin();
            if (adminUser != null) {
                String password = DbAddCommand.adminPassword(services);
                if (password == null) {
                    spec.commandLine()
                            .getErr()
                            .println("no password for " + adminUser + ": set DB_ADMIN_PASSWORD or run at a terminal");
                    return DbAddCommand.USAGE;
                }
                admin = new Credentials(adminUser, password);
            }
            // Event triggers and the slot can only be dropped by a superuser: check before anything changes.
            try (Database login = new Database(db.jdbcUrl(), admin.user(), admin.password());
                    Connection c = login.open()) {
                if (!DdlCaptureInstaller.superuser(c)) {
                    spec.commandLine()
                            .getErr()
                            .println(admin.user() + " is no superuser: dropping the event triggers and the slot needs"
                                    + " one; nothing was changed\n  fix: schemarag db remove " + id
                                    + " --admin-user <a superuser>");
                    return DbAddCommand.FAILED;
                }
            } catch (SQLException e) {
                spec.commandLine()
                        .getErr()
                        .println("cannot connect to " + id + " as " + admin.user() + " (SQLSTATE " + e.getSQLState()
                                + "); nothing was changed");
                return DbAddCommand.FAILED;
            }
            List<String> createdRoles = new ArrayList<>();
            entry.get().path("createdRoles").forEach((JsonNode r) -> createdRoles.add(r.asText()));
            // Unregistered first: a service watching the file stops the database's engine, which frees the slot.
            file.remove(id);
            String slot = DebeziumDdlCapture.slotName(id);
            DatabaseOnboarding.Leftovers left;
            try (Database login = new Database(db.jdbcUrl(), admin.user(), admin.password())) {
                DatabaseOnboarding onboarding = new DatabaseOnboarding(login);
                long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
                left = onboarding.remove(slot, createdRoles);
                while (left.slotActive() && System.nanoTime() < deadline) {
                    Thread.sleep(500);
                    left = onboarding.remove(slot, createdRoles);
                }
            } catch (Exception e) {
                file.add(entry.get());
                spec.commandLine().getErr().println("cannot remove " + id + ", it stays registered: " + e.getMessage());
                return DbAddCommand.FAILED;
            }
            if (left.slotActive()) {
                file.add(entry.get());
                spec.commandLine()
                        .getErr()
                        .println("replication slot " + slot + " is still streamed from after " + timeoutSeconds
                                + " s; " + id + " stays registered\n  fix: stop ingest (or restart it so that it drops "
                                + id + "), then run db remove again");
                return DbAddCommand.FAILED;
            }
            PgVectorSchemaStore store = new PgVectorSchemaStore(services.store());
            for (TableName table : store.tables(id)) store.deleteTable(id, table);
            spec.commandLine()
                    .getOut()
                    .println("removed " + id + ": slot " + slot + ", event triggers, publication, schema"
                            + " schemarag_cdc and its index dropped");
            if (!left.roles().isEmpty()) {
                spec.commandLine()
                        .getErr()
                        .println("roles " + left.roles() + " still hold privileges in other databases; not dropped");
                return DbAddCommand.FAILED;
            }
            if (!createdRoles.isEmpty())
                spec.commandLine().getOut().println("roles dropped: " + String.join(", ", createdRoles));
            return 0;
        }
    }
}
