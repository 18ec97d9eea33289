package dev.schemarag.app.doctor;

import dev.schemarag.app.onboard.MySqlOnboardingChecks;
import dev.schemarag.app.onboard.MySqlServerFacts;
import dev.schemarag.app.onboard.OnboardingChecks;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.MySqlGrants;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The checks of a MySQL or MariaDB database: the admin login, the binary log that change capture will read (on, ROW
 * format, full row images, a server id) and a reader whose grants are SELECT only.
 */
final class MySqlCheckup {
    private MySqlCheckup() {}

    static List<Diagnosis> database(RegisteredDatabase db) {
        String name = "db " + db.id();
        List<Diagnosis> diagnoses = new ArrayList<>();
        try (Database admin =
                        new Database(db.jdbcUrl(), db.admin().user(), db.admin().password());
                Connection c = admin.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT @@log_bin, @@binlog_format, @@binlog_row_image, @@server_id, version()")) {
            rs.next();
            diagnoses.add(Diagnosis.ok(name, "reachable as " + db.admin().user() + " (" + rs.getString(5) + ")"));
            diagnoses.add(reader(db));
            MySqlServerFacts facts = new MySqlServerFacts(
                    rs.getString(5),
                    rs.getInt(1) == 1,
                    rs.getString(2),
                    rs.getString(3),
                    rs.getLong(4),
                    List.of(),
                    "",
                    false,
                    false);
            String binlog = "log_bin " + (facts.logBin() ? "ON" : "OFF") + ", binlog_format " + facts.binlogFormat()
                    + ", binlog_row_image " + facts.binlogRowImage() + ", server_id " + facts.serverId();
            List<OnboardingChecks.Problem> problems = MySqlOnboardingChecks.binlog(facts);
            diagnoses.add(
                    problems.isEmpty()
                            ? Diagnosis.ok(name + " binlog", binlog)
                            : Diagnosis.failed(
                                    name + " binlog",
                                    binlog,
                                    problems.stream()
                                            .map(OnboardingChecks.Problem::fix)
                                            .collect(Collectors.joining("; "))));
        } catch (SQLException e) {
            diagnoses.add(Diagnosis.failed(
                    name,
                    "unreachable as " + db.admin().user() + " (SQLSTATE " + e.getSQLState() + ")",
                    "check its jdbcUrl and admin login, and that the server is up (./schemarag stack up --with"
                            + " mariadb for the demo's)"));
        }
        return diagnoses;
    }

    private static Diagnosis reader(RegisteredDatabase db) {
        String name = "db " + db.id() + " reader";
        Credentials reader = db.reader();
        if (reader == null) return Diagnosis.failed(name, "no reader login", "add \"reader\" to its registration");
        try (Database login = new Database(db.jdbcUrl(), reader.user(), reader.password());
                Connection c = login.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW GRANTS FOR CURRENT_USER()")) {
            while (rs.next()) {
                String grant = rs.getString(1);
                if (!MySqlGrants.selectOnly(grant))
                    return Diagnosis.failed(
                            name, reader.user() + " holds more than SELECT: " + grant, "REVOKE all but SELECT from it");
            }
            return Diagnosis.ok(name, reader.user() + ", SELECT only");
        } catch (SQLException e) {
            return Diagnosis.failed(
                    name,
                    "cannot log in as " + reader.user() + " (SQLSTATE " + e.getSQLState() + ")",
                    "check the reader's password in its registration");
        }
    }
}
