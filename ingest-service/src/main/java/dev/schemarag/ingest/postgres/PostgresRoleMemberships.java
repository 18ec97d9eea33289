package dev.schemarag.ingest.postgres;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.roles.RoleMembershipCapture;
import dev.schemarag.ingest.roles.RoleMemberships;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Adapter: reads the roles that the mapped roles are members of, directly or through others, and those memberships,
 * from {@code pg_roles} and {@code pg_auth_members}. Both are readable by every login, so the probe needs no privilege
 * at all: it runs as the least privileged login the caller has for the database. One small catalog query per poll.
 */
public final class PostgresRoleMemberships implements RoleMembershipCapture.Reader {
    /** Bounds a probe stuck behind a catalog lock; the next poll tries again. */
    private static final int TIMEOUT_SECONDS = 5;

    // The grant's own columns go through to_jsonb so that PostgreSQL 16's inherit_option and set_option count where
    // they exist; the oids that name a grant, its member, role and grantor are left out as noise.
    private static final String SQL = """
            WITH RECURSIVE granted(oid) AS (
                SELECT oid FROM pg_roles WHERE rolname = ANY (?)
              UNION
                SELECT m.roleid FROM pg_auth_members m JOIN granted g ON m.member = g.oid)
            SELECT 'role', r.rolname, NULL, concat_ws(',', r.oid, r.rolsuper, r.rolinherit)
              FROM pg_roles r JOIN granted g ON r.oid = g.oid
            UNION ALL
            SELECT 'member', mr.rolname, gr.rolname, (to_jsonb(m) - 'oid' - 'roleid' - 'member' - 'grantor')::text
              FROM pg_auth_members m
              JOIN granted g ON m.member = g.oid
              JOIN pg_roles mr ON mr.oid = m.member
              JOIN pg_roles gr ON gr.oid = m.roleid
            """;

    private final Function<RegisteredDatabase, Database> logins;

    public PostgresRoleMemberships(Function<RegisteredDatabase, Database> logins) {
        this.logins = logins;
    }

    @Override
    public RoleMemberships read(RegisteredDatabase db, Set<String> roles) throws SQLException {
        Map<String, String> states = new HashMap<>();
        Set<RoleMemberships.Membership> memberships = new HashSet<>();
        try (Connection c = logins.apply(db).borrow();
                PreparedStatement ps = c.prepareStatement(SQL)) {
            ps.setQueryTimeout(TIMEOUT_SECONDS);
            ps.setArray(1, c.createArrayOf("text", roles.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1).equals("role")) states.put(rs.getString(2), rs.getString(4));
                    else
                        memberships.add(
                                new RoleMemberships.Membership(rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        return new RoleMemberships(roles, states, memberships);
    }
}
