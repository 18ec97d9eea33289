package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabaseRemoval;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.TargetDatabases;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag db remove <id>}: unregisters the database and drops what db add installed ({@link DatabaseRemoval}). */
@Command(name = "remove", description = "Unregister a database and drop its slot, DDL capture, roles and index.")
final class DbRemoveCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "registered database id")
    String id;

    @Option(names = "--timeout", defaultValue = "60", description = "seconds to wait for ingest to release the slot")
    int timeoutSeconds;

    @Option(
            names = "--admin-user",
            description = "a superuser to remove with when the registered admin is none (password: DB_ADMIN_PASSWORD"
                    + " or a prompt)")
    String adminUser;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            DatabasesFile file = new DatabasesFile(TargetDatabases.file(services));
            Optional<ObjectNode> entry = file.find(id);
            if (entry.isEmpty()) {
                spec.commandLine().getErr().println("database '" + id + "' is not registered in " + file.path());
                return ExitCode.USAGE;
            }
            RegisteredDatabase db = file.registry().find(id).orElseThrow();
            Credentials admin = db.requireAdmin();
            if (adminUser != null) {
                String password = AdminPassword.of(services.settings());
                if (password == null) {
                    spec.commandLine()
                            .getErr()
                            .println("no password for " + adminUser + ": set DB_ADMIN_PASSWORD or run at a terminal");
                    return ExitCode.USAGE;
                }
                admin = new Credentials(adminUser, password);
            }
            boolean removed = new DatabaseRemoval(
                            file,
                            services.store(),
                            spec.commandLine().getOut(),
                            spec.commandLine().getErr())
                    .remove(db, entry.get(), admin, Duration.ofSeconds(timeoutSeconds));
            return removed ? 0 : ExitCode.FAILED;
        }
    }
}
