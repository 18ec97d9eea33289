package dev.schemarag.app.onboard;

import dev.schemarag.app.onboard.OnboardingChecks.Problem;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.MySqlAccounts;
import dev.schemarag.core.store.TargetSessionLimits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code db add}'s steps on a MySQL or MariaDB server: checks the binlog and the databases, creates (or updates) the
 * SELECT-only reader and the capture login for the host the server sees db add connect from, then checks both logins'
 * grants as they read them themselves. An admin who may not create users gets the SQL in a file, for one who may.
 */
final class MySqlRegistration {
    private final Path stateDir;
    private final PrintWriter out;
    private final PrintWriter err;

    MySqlRegistration(Path stateDir, PrintWriter out, PrintWriter err) {
        this.stateDir = stateDir;
        this.out = out;
        this.err = err;
    }

    /**
     * @param readerPassword the password given for the reader, null for none
     * @param cdcPassword the password given for the capture login, null for none
     * @return the logins to register, or null (after saying why) when onboarding cannot go on
     */
    DatabaseRegistration.Registration prepare(
            MySqlOnboarding onboarding,
            RegisteredDatabase target,
            OnboardingRoles roles,
            String readerUser,
            String readerPassword,
            String cdcPassword,
            TargetSessionLimits limits)
            throws IOException, SQLException {
        MySqlServerFacts facts = onboarding.facts(target.schemas(), roles);
        if (printed(MySqlOnboardingChecks.problems(facts, roles))) return null;
        boolean ownReader = readerUser == null || readerUser.isBlank() || !facts.readerExists();
        if (!ownReader && readerPassword == null) {
            err.println("user " + roles.reader() + " exists already: set DB_READER_PASSWORD to its password");
            return null;
        }
        boolean given = readerPassword != null && cdcPassword != null;
        if (readerPassword == null) readerPassword = DatabaseRegistration.generated();
        if (cdcPassword == null) cdcPassword = DatabaseRegistration.generated();
        out.println("creating users " + roles.reader() + " (SELECT only) and " + roles.cdc() + " (binlog) for host "
                + facts.clientHost());
        try {
            onboarding.install(
                    roles,
                    facts.clientHost(),
                    ownReader ? readerPassword : null,
                    cdcPassword,
                    target.schemas(),
                    limits,
                    facts.mariaDb());
        } catch (SQLException e) {
            // Users made by an administrator who ran the script: their passwords were given, their grants are checked.
            if (!(given && facts.readerExists() && facts.cdcExists())) {
                writeScript(target, roles, facts, limits, e);
                return null;
            }
            out.println("cannot update them as " + target.requireAdmin().user() + " (SQLSTATE " + e.getSQLState()
                    + "); checking the ones there are");
        }
        Credentials reader = new Credentials(roles.reader(), readerPassword);
        Credentials cdc = new Credentials(roles.cdc(), cdcPassword);
        List<Problem> problems = new ArrayList<>(
                MySqlOnboardingChecks.reader(reader.user(), MySqlOnboarding.grantsOf(target.jdbcUrl(), reader)));
        problems.addAll(MySqlOnboardingChecks.capture(
                cdc.user(), facts.clientHost(), MySqlOnboarding.grantsOf(target.jdbcUrl(), cdc)));
        if (printed(problems)) return null;
        out.println(
                facts.mariaDb()
                        ? "reader statements end after "
                                + limits.statementTimeout().toMillis() / 1000.0
                                + " s (MAX_STATEMENT_TIME on the user), at most "
                                + MySqlAccounts.READER_CONNECTION_LIMIT
                                + " connections"
                        : "reader connections at most " + MySqlAccounts.READER_CONNECTION_LIMIT
                                + "; each statement is bounded by max_execution_time when it runs");
        return new DatabaseRegistration.Registration(
                reader, cdc, ownReader ? List.of(roles.reader(), roles.cdc()) : List.of(roles.cdc()));
    }

    private boolean printed(List<Problem> problems) {
        for (Problem p : problems) err.println("problem: " + p.what() + "\n  fix: " + p.fix());
        return !problems.isEmpty();
    }

    /** The statements for an administrator, passwords as placeholders to fill in. */
    private void writeScript(
            RegisteredDatabase target,
            OnboardingRoles roles,
            MySqlServerFacts facts,
            TargetSessionLimits limits,
            SQLException cause)
            throws IOException {
        List<String> statements = new ArrayList<>(MySqlAccounts.reader(
                roles.reader(), facts.clientHost(), "<reader password>", target.schemas(), limits, facts.mariaDb()));
        statements.addAll(MySqlAccounts.capture(roles.cdc(), facts.clientHost(), "<cdc password>"));
        Path script = stateDir.resolve("db-add-" + target.id() + ".sql");
        Files.createDirectories(script.getParent());
        Files.writeString(
                script,
                "-- SchemaRAG: reader and capture users. Fill in both passwords, run as an administrator, then run\n"
                        + "-- schemarag db add again with DB_READER_PASSWORD and DB_CDC_PASSWORD set to them.\n"
                        + String.join(";\n", statements) + ";\n");
        err.println(target.requireAdmin().user() + " cannot create the users (SQLSTATE " + cause.getSQLState()
                + "). The SQL is in " + script
                + "\n  fix: have an administrator fill in its passwords and run it (mariadb or mysql < " + script
                + "),\n  then run this command again with DB_READER_PASSWORD and DB_CDC_PASSWORD set");
    }
}
