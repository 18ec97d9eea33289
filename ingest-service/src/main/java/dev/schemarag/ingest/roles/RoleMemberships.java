package dev.schemarag.ingest.roles;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What decides which privileges a set of database roles inherit, read at one moment: every role they are members of,
 * directly or through other roles, with the attributes that change what membership gives ({@code roles}: name to an
 * opaque state such as oid, superuser and inherit flags), and each membership among them ({@code memberships}: member,
 * granted role and the grant's options). Two readings are equal exactly when no such change happened in between.
 */
public record RoleMemberships(Set<String> mappedRoles, Map<String, String> roles, Set<Membership> memberships) {
    /** {@code member} is a member of {@code role}, with the grant's options (admin, and inherit on PostgreSQL 16+). */
    public record Membership(String member, String role, String options) {}

    public RoleMemberships {
        mappedRoles = Set.copyOf(mappedRoles);
        roles = Map.copyOf(roles);
        memberships = Set.copyOf(memberships);
    }

    /**
     * The command tag of the change from {@code previous} to this reading, as PostgreSQL names such commands, or empty
     * when nothing changed: {@code GRANT ROLE} when memberships were only added, {@code REVOKE ROLE} when only removed,
     * otherwise {@code ALTER ROLE} (an attribute changed, a role was dropped or re-created, or grants both came and went
     * between two readings). A change of which roles are mapped is {@code ALTER ROLE} too: what they read is read again.
     */
    public Optional<String> changeSince(RoleMemberships previous) {
        if (equals(previous)) return Optional.empty();
        if (includes(previous)) return Optional.of("GRANT ROLE");
        if (previous.includes(this)) return Optional.of("REVOKE ROLE");
        return Optional.of("ALTER ROLE");
    }

    /** The same mapped roles, every role of {@code other} in the same state, and at least its memberships. */
    private boolean includes(RoleMemberships other) {
        return mappedRoles.equals(other.mappedRoles)
                && roles.entrySet().containsAll(other.roles.entrySet())
                && memberships.containsAll(other.memberships);
    }
}
