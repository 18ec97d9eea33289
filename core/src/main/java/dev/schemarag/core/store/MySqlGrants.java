package dev.schemarag.core.store;

import java.util.Locale;

/** What a MySQL or MariaDB reader's grants ({@code SHOW GRANTS FOR CURRENT_USER()}) may hold: SELECT only. */
public final class MySqlGrants {
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
}
