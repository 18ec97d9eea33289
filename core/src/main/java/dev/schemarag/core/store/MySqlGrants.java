package dev.schemarag.core.store;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a MySQL or MariaDB login's grants ({@code SHOW GRANTS FOR …}) allow: a reader's may hold SELECT only; change
 * capture's must hold the global privileges Debezium's binlog connector needs.
 */
public final class MySqlGrants {
    /** A global grant's privilege list: {@code GRANT <privileges> ON *.* TO …}. */
    private static final Pattern GLOBAL = Pattern.compile("GRANT (.+?) ON \\*\\.\\* TO .*", Pattern.DOTALL);

    /** The global privileges change capture logs in with, each with MySQL's name. */
    public enum CapturePrivilege {
        /** Its structure snapshot reads the tables' definitions. */
        SELECT("SELECT"),
        /** That snapshot's FLUSH TABLES WITH READ LOCK. */
        RELOAD("RELOAD"),
        /** Reading the binlog as a replica. */
        REPLICATION_SLAVE("REPLICATION SLAVE"),
        /** SHOW MASTER STATUS, the binlog position; MariaDB 10.5 calls it BINLOG MONITOR. */
        REPLICATION_CLIENT("REPLICATION CLIENT", "BINLOG MONITOR");

        private final List<String> names;

        CapturePrivilege(String... names) {
            this.names = List.of(names);
        }

        /** How GRANT spells it. */
        public String sql() {
            return names.get(0);
        }
    }

    private MySqlGrants() {}

    /**
     * {@code GRANT USAGE ON *.* …} (the login itself) or {@code GRANT SELECT ON …} without the grant option; any other
     * privilege, a granted role or the right to pass SELECT on is not.
     */
    public static boolean selectOnly(String grant) {
        String upper = grant.toUpperCase(Locale.ROOT);
        if (upper.startsWith("GRANT USAGE ON ")) return true;
        return upper.startsWith("GRANT SELECT ON ") && !upper.contains(" WITH GRANT OPTION");
    }

    /**
     * The capture privileges {@code grants} (one login's SHOW GRANTS lines) do not hold globally; {@code ALL
     * PRIVILEGES ON *.*} holds them all, a grant on one database none (the binlog is the server's).
     */
    public static Set<CapturePrivilege> missingForCapture(List<String> grants) {
        Set<CapturePrivilege> missing = EnumSet.allOf(CapturePrivilege.class);
        for (String grant : grants) {
            Matcher m = GLOBAL.matcher(grant.toUpperCase(Locale.ROOT));
            if (!m.matches()) continue;
            for (String privilege : m.group(1).split(",")) {
                String name = privilege.strip();
                if (name.equals("ALL PRIVILEGES") || name.equals("ALL")) return EnumSet.noneOf(CapturePrivilege.class);
                missing.removeIf(p -> p.names.contains(name));
            }
        }
        return missing;
    }
}
