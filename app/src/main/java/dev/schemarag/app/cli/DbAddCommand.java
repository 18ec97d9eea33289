package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabaseRegistration;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.app.onboard.OnboardSettings;
import dev.schemarag.app.onboard.OnboardingRoles;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncSummary;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag db add}: registers the database ({@link DatabaseRegistration}: checks, roles, DDL capture) and runs
 * its first sync. Passwords come from the settings of {@link OnboardSettings} or a prompt, never from the command
 * line.
 */
@Command(
        name = "add",
        description = "Onboard a PostgreSQL, MySQL or MariaDB database: check, create roles (users), install DDL"
                + " capture (PostgreSQL), register, sync.")
final class DbAddCommand implements Callable<Integer> {
    @Option(names = "--id", required = true, description = "the id questions name the database by, e.g. sales")
    String id;

    @Option(
            names = "--jdbc-url",
            required = true,
            description = "jdbc:postgresql://host:port/database, or jdbc:mariadb:// or jdbc:mysql://")
    String jdbcUrl;

    @Option(
            names = "--admin-user",
            required = true,
            description = "a superuser (MySQL: a user who may CREATE USER and GRANT), or the owner when one runs the"
                    + " printed SQL")
    String adminUser;

    @Option(names = "--reader-user", description = "read-only role validation runs as (default schemarag_<id>_reader)")
    String readerUser;

    @Option(
            names = "--schemas",
            split = ",",
            description = "schemas to index (default public; MySQL: databases, default the one the URL names)")
    List<String> schemas;

    @Option(
            names = "--execute",
            description = "run its validated answers as the reader role and publish their rows (answers with data)")
    boolean execute;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            DatabasesFile file = new DatabasesFile(TargetDatabases.file(services));
            boolean withDemo =
                    services.settings().get(AppSettings.DATABASES_FILE).isBlank();
            if (file.find(id).isPresent() || (withDemo && id.equals(DemoDatabase.ID))) {
                spec.commandLine()
                        .getErr()
                        .println("database '" + id + "' is registered already (" + file.path() + ")");
                return ExitCode.USAGE;
            }
            String adminPassword = AdminPassword.of(services.settings());
            if (adminPassword == null) {
                spec.commandLine()
                        .getErr()
                        .println("no admin password: set DB_ADMIN_PASSWORD or run at a terminal to be asked");
                return ExitCode.USAGE;
            }
            OnboardingRoles roles;
            RegisteredDatabase target;
            try {
                roles = OnboardingRoles.defaults(id, readerUser);
                target = new RegisteredDatabase(
                                id, jdbcUrl, new Credentials(adminUser, adminPassword), null, schemas, null, null)
                        .withExecute(execute);
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return ExitCode.USAGE;
            }
            DatabaseRegistration registration = new DatabaseRegistration(
                    services.settings(),
                    services.stateDir(),
                    spec.commandLine().getOut(),
                    spec.commandLine().getErr());
            if (!registration.register(file, target, roles, readerUser)) return ExitCode.FAILED;
            return firstSync(services, file.registry());
        }
    }

    private int firstSync(Services services, DatabaseRegistry registry) {
        try (IngestService ingest = services.ingest(registry)) {
            SyncSummary summary =
                    ingest.sync(id, new ProgressBar(spec.commandLine().getOut()));
            spec.commandLine().getOut().println(SyncSummaryLine.of(id, summary));
            return 0;
        } catch (Exception e) {
            spec.commandLine()
                    .getErr()
                    .println("registered, but the first sync failed: " + e.getMessage()
                            + "\n  fix: see schemarag doctor, then run schemarag sync --db " + id);
            return ExitCode.FAILED;
        }
    }
}
