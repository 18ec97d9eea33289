package dev.schemarag.app.onboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.service.TargetLimitSettings;
import dev.schemarag.core.store.Database;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Base64;
import java.util.List;

/**
 * {@code schemarag db add}'s steps before the first sync: checks the server, creates the database's reader and
 * replication roles, installs DDL capture (or, without a superuser, writes the SQL for one to run) and registers the
 * database in the databases file. A MySQL or MariaDB server takes {@link MySqlRegistration}'s steps instead. Passwords come from {@link OnboardSettings}, else are generated. It says what it
 * does, and what stops it, on the writers it is given.
 */
public final class DatabaseRegistration {
    private final Settings settings;
    private final Path stateDir;
    private final PrintWriter out;
    private final PrintWriter err;

    /** @param stateDir where the install script goes when no superuser can run it */
    public DatabaseRegistration(Settings settings, Path stateDir, PrintWriter out, PrintWriter err) {
        this.settings = settings;
        this.stateDir = stateDir;
        this.out = out;
        this.err = err;
    }

    /**
     * Prepares {@code target} as its admin login and registers it in {@code file}.
     *
     * @param readerUser the existing reader role the caller named, or null for one of db add's own
     * @return false, after saying why, when onboarding cannot go on
     */
    public boolean register(DatabasesFile file, RegisteredDatabase target, OnboardingRoles roles, String readerUser)
            throws IOException {
        Credentials admin = target.requireAdmin();
        try (Database login = new Database(target.jdbcUrl(), admin.user(), admin.password())) {
            Registration registration = target.dialect() == SqlDialect.POSTGRESQL
                    ? prepare(new DatabaseOnboarding(login), target, roles, readerUser)
                    : new MySqlRegistration(stateDir, out, err)
                            .prepare(
                                    new MySqlOnboarding(login),
                                    target,
                                    roles,
                                    readerUser,
                                    OnboardSettings.given(settings, OnboardSettings.READER_PASSWORD),
                                    OnboardSettings.given(settings, OnboardSettings.CDC_PASSWORD),
                                    TargetLimitSettings.limits(settings));
            if (registration == null) return false;
            file.add(registration.entry(target));
            out.println("registered " + target.id() + " in " + file.path());
            return true;
        } catch (SQLException e) {
            err.println(
                    "cannot onboard " + target.id() + ": " + e.getMessage() + " (SQLSTATE " + e.getSQLState() + ")");
            return false;
        }
    }

    /** Checks the server and installs what it can; null (after saying why) when onboarding cannot go on. */
    private Registration prepare(
            DatabaseOnboarding onboarding, RegisteredDatabase target, OnboardingRoles roles, String readerUser)
            throws IOException, SQLException {
        ServerFacts facts = onboarding.facts(target.schemas(), roles);
        List<OnboardingChecks.Problem> problems = OnboardingChecks.problems(facts);
        for (OnboardingChecks.Problem p : problems) err.println("problem: " + p.what() + "\n  fix: " + p.fix());
        if (!problems.isEmpty()) return null;
        String readerPassword = OnboardSettings.given(settings, OnboardSettings.READER_PASSWORD);
        String cdcPassword = OnboardSettings.given(settings, OnboardSettings.CDC_PASSWORD);
        boolean ownReader = readerUser == null || readerUser.isBlank() || !facts.readerRoleExists();
        if (!ownReader && readerPassword == null) {
            err.println("role " + roles.reader() + " exists already: set DB_READER_PASSWORD to its password");
            return null;
        }
        if (facts.superuser()) {
            if (readerPassword == null) readerPassword = generated();
            if (cdcPassword == null) cdcPassword = generated();
            out.println("creating roles " + roles.reader() + " (read-only) and " + roles.cdc()
                    + " (replication), installing DDL capture");
            onboarding.install(
                    target.schemas(),
                    roles,
                    ownReader ? readerPassword : null,
                    cdcPassword,
                    TargetLimitSettings.limits(settings));
        } else if (facts.captureInstalled() && facts.cdcRoleExists() && facts.readerRoleExists()) {
            if (readerPassword == null || cdcPassword == null) {
                err.println("DDL capture and roles are installed: set DB_READER_PASSWORD and DB_CDC_PASSWORD"
                        + " to the passwords given to the script");
                return null;
            }
        } else {
            Path script = stateDir.resolve("db-add-" + target.id() + ".sql");
            Files.createDirectories(script.getParent());
            Files.writeString(
                    script,
                    DatabaseOnboarding.installScript(
                            target.databaseName(), target.schemas(), roles, TargetLimitSettings.limits(settings)));
            err.println(target.requireAdmin().user() + " is no superuser: event triggers need one. The SQL is in "
                    + script
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

    static String generated() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The logins db add registers beside the admin one, and the roles {@code db remove} may drop. */
    record Registration(Credentials reader, Credentials cdc, List<String> createdRoles) {
        ObjectNode entry(RegisteredDatabase target) {
            ObjectMapper json = new ObjectMapper();
            ObjectNode entry = json.createObjectNode();
            entry.put("id", target.id());
            entry.put("jdbcUrl", target.jdbcUrl());
            entry.set("admin", login(json, target.admin()));
            entry.set("reader", login(json, reader));
            entry.set("cdc", login(json, cdc));
            target.schemas().forEach(entry.putArray("schemas")::add);
            if (target.execute()) entry.put("execute", true);
            createdRoles.forEach(entry.putArray("createdRoles")::add);
            return entry;
        }

        private static ObjectNode login(ObjectMapper json, Credentials c) {
            return json.createObjectNode().put("user", c.user()).put("password", c.password());
        }
    }
}
