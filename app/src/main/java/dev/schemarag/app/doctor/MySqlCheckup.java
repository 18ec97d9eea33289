package dev.schemarag.app.doctor;

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
            boolean ready = rs.getInt(1) == 1
                    && "ROW".equals(rs.getString(2))
                    && "FULL".equals(rs.getString(3))
                    && rs.getLong(4) != 0;
            String binlog = "log_bin " + (rs.getInt(1) == 1 ? "ON" : "OFF") + ", binlog_format " + rs.getString(2)
                    + ", binlog_row_image " + rs.getString(3) + ", server_id " + rs.getLong(4);
            diagnoses.add(
                    ready
                            ? Diagnosis.ok(name + " binlog", binlog + " (capture itself is not implemented yet)")
                            : Diagnosis.failed(
                                    name + " binlog",
                                    binlog,
                                    "start the server with log_bin, binlog_format=ROW, binlog_row_image=FULL and a"
                                            + " non-zero server_id"));
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
