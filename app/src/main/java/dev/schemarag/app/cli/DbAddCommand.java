package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabaseOnboarding;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.app.onboard.OnboardSettings;
import dev.schemarag.app.onboard.OnboardingChecks;
import dev.schemarag.app.onboard.OnboardingRoles;
import dev.schemarag.app.onboard.ServerFacts;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.demo.DemoDatabase;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.service.TargetLimitSettings;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncSummary;
import java.io.Console;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag db add}: checks the server, creates the database's reader and replication roles, installs DDL
 * capture, registers the database in the databases file and runs its first sync. Passwords come from the settings
 * of {@link OnboardSettings} or a prompt, never from the command line.
 */
@Command(
        name = "add",
        description = "Onboard a PostgreSQL database: check, create roles, install DDL capture, register, sync.")
final class DbAddCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    static final int FAILED = 1;
    static final int USAGE = 2;

    @Option(names = "--id", required = true, description = "the id questions name the database by, e.g. sales")
    String id;

    @Option(names = "--jdbc-url", required = true, description = "jdbc:postgresql://host:port/database")
    String jdbcUrl;

    @Option(
            names = "--admin-user",
            required = true,
            description = "a superuser, or the owner when a superuser runs the printed SQL")
    String adminUser;

    @Option(names = "--reader-user", description = "read-only role validation runs as (default schemarag_<id>_reader)")
    String readerUser;

    @Option(names = "--schemas", split = ",", description = "schemas to index (default public)")
    List<String> schemas = List.of("public");

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
                return USAGE;
            }
            String adminPassword = adminPassword(services);
            if (adminPassword == null) {
                spec.commandLine()
                        .getErr()
                        .println("no admin password: set DB_ADMIN_PASSWORD or run at a terminal to be asked");
                return USAGE;
            }
            OnboardingRoles roles;
            RegisteredDatabase target;
            try {
                roles = OnboardingRoles.defaults(id, readerUser);
                target = new RegisteredDatabase(
                        id, jdbcUrl, new Credentials(adminUser, adminPassword), null, schemas, null, null);
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return USAGE;
            }
            try (Database admin = new Database(jdbcUrl, adminUser, adminPassword)) {
                Registration registration = prepare(services, new DatabaseOnboarding(admin), target, roles);
                if (registration == null) return FAILED;
                file.add(registration.entry(target));
                spec.commandLine().getOut().println("registered " + id + " in " + file.path());
            } catch (SQLException e) {
                spec.commandLine()
                        .getErr()
                        .println(
                                "cannot onboard " + id + ": " + e.getMessage() + " (SQLSTATE " + e.getSQLState() + ")");
                return FAILED;
            }
            return firstSync(services, file.registry());
        }
    }

    /** Checks the server and installs what it can; null (after saying why) when onboarding cannot go on. */
    private Registration prepare(
            Services services, DatabaseOnboarding onboarding, RegisteredDatabase target, OnboardingRoles roles)
            throws Exception {
        ServerFacts facts = onboarding.facts(target.schemas(), roles);
        List<OnboardingChecks.Problem> problems = OnboardingChecks.problems(facts);
        for (OnboardingChecks.Problem p : problems)
            spec.commandLine().getErr().println("problem: " + p.what() + "\n  fix: " + p.fix());
        if (!problems.isEmpty()) return null;
        String readerPassword = given(services, OnboardSettings.READER_PASSWORD);
        String cdcPassword = given(services, OnboardSettings.CDC_PASSWORD);
        boolean ownReader = readerUser == null || readerUser.isBlank() || !facts.readerRoleExists();
        if (!ownReader && readerPassword == null) {
            spec.commandLine()
                    .getErr()
                    .println("role " + roles.reader() + " exists already: set DB_READER_PASSWORD to its password");
            return null;
        }
        if (facts.superuser()) {
            if (readerPassword == null) readerPassword = generated();
            if (cdcPassword == null) cdcPassword = generated();
            spec.commandLine()
                    .getOut()
                    .println("creating roles " + roles.reader() + " (read-only) and " + roles.cdc()
                            + " (replication), installing DDL capture");
            onboarding.install(
                    target.schemas(),
                    roles,
                    ownReader ? readerPassword : null,
                    cdcPassword,
                    TargetLimitSettings.limits(services.settings()));
        } else if (facts.captureInstalled() && facts.cdcRoleExists() && facts.readerRoleExists()) {
            if (readerPassword == null || cdcPassword == null) {
                spec.commandLine()
                        .getErr()
                        .println("DDL capture and roles are installed: set DB_READER_PASSWORD and DB_CDC_PASSWORD"
                                + " to the passwords given to the script");
                return null;
            }
        } else {
            Path script = services.stateDir().resolve("db-add-" + id + ".sql");
            Files.createDirectories(script.getParent());
            Files.writeString(
                    script,
                    DatabaseOnboarding.installScript(
                            target.databaseName(),
                            target.schemas(),
                            roles,
                            TargetLimitSettings.limits(services.settings())));
            spec.commandLine()
                    .getErr()
                    .println(adminUser + " is no superuser: event triggers need one. The SQL is in " + script
                            + "\n  fix: have a superuser run it (psql -v reader_password=... -v cdc_password=... -f "
                            + script
                            + "),\n  then run this command again with DB_READER_PASSWORD and DB_CDC_PASSWORD set");
            return null;
        }
        return new Registration(
                new Credentials(roles.reader(), readerPassword),
                new Credentials(roles.cdc(), cdcPassword),
                ownReader ? List.of(roles.reader(), roles.cdc()) : List.of(roles.cdc()));
    }

    private int firstSync(Services services, DatabaseRegistry registry) {
        try (IngestService ingest = services.ingest(registry)) {
            SyncSummary summary =
                    ingest.sync(id, new ProgressBar(spec.commandLine().getOut()));
            spec.commandLine().getOut().println(SyncCommand.summary(id, summary));
            return 0;
        } catch (Exception e) {
            spec.commandLine()
                    .getErr()
                    .println("registered, but the first sync failed: " + e.getMessage()
                            + "\n  fix: see schemarag doctor, then run schemarag sync --db " + id);
            return FAILED;
        }
    }

    /** {@code DB_ADMIN_PASSWORD}, or typed at the terminal; null when neither is there. */
    static String adminPassword(Services services) {
        String given = given(services, OnboardSettings.ADMIN_PASSWORD);
        if (given != null) return given;
        Console console = System.console();
        if (console == null) return null;
        char[] typed = console.readPassword("password of the admin user: ");
        return typed == null ? null : new String(typed);
    }

    private static String given(Services services, Setting<String> setting) {
        String value = services.settings().get(setting);
        return value.isEmpty() ? null : value;
    }

    private static String generated() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The logins db add registers beside the admin one, and the roles {@code db remove} may drop. */
    private record Registration(Credentials reader, Credentials cdc, List<String> createdRoles) {
        ObjectNode entry(RegisteredDatabase target) {
            ObjectMapper json = new ObjectMapper();
            ObjectNode entry = json.createObjectNode();
            entry.put("id", target.id());
            entry.put("jdbcUrl", target.jdbcUrl());
            entry.set("admin", login(json, target.admin()));
            entry.set("reader", login(json, reader));
            entry.set("cdc", login(json, cdc));
            target.schemas().forEach(entry.putArray("schemas")::add);
            createdRoles.forEach(entry.putArray("createdRoles")::add);
            return entry;
        }

        private static ObjectNode login(ObjectMapper json, Credentials c) {
            return json.createObjectNode().put("user", c.user()).put("password", c.password());
        }
    }
}
