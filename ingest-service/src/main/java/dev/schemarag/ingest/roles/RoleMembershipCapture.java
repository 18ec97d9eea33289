package dev.schemarag.ingest.roles;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.changes.DdlEvent;
import dev.schemarag.ingest.changes.SchemaChangeMapper;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Change capture for what no event trigger sees: {@code GRANT role TO role}, {@code REVOKE role FROM role} and
 * {@code ALTER ROLE … [NO]INHERIT} change global objects, so PostgreSQL's DDL capture never hears of them. Each
 * {@link #poll} reads, for every PostgreSQL database whose registration maps principals to roles, the memberships
 * those roles inherit through, and compares the reading with the last one; a difference is published as a
 * {@link SchemaChanged} access change on the schema-changes topic, exactly as a captured {@code GRANT} is, so the
 * embedding updater records the roles' privileges again and publishes the catalog entries whose access changed.
 *
 * <p>The first reading of a database is its baseline (the privileges recorded at start or registration cover what
 * came before). A reading is kept only once its change is published: a failed read or publish is retried at the next
 * poll, and a change is never lost to a Kafka or database outage.
 */
public final class RoleMembershipCapture {
    private static final Logger log = LoggerFactory.getLogger(RoleMembershipCapture.class);

    /** Reads the memberships the given roles of a database inherit through. */
    @FunctionalInterface
    public interface Reader {
        RoleMemberships read(RegisteredDatabase db, Set<String> roles) throws Exception;
    }

    /** Publishes a change under its Kafka key and returns once it is acknowledged. */
    @FunctionalInterface
    public interface Publisher {
        void publish(String key, SchemaChanged change) throws Exception;
    }

    private final Supplier<Collection<RegisteredDatabase>> databases;
    private final Reader reader;
    private final Publisher publisher;
    private final Clock clock;
    private final Map<String, RoleMemberships> last = new HashMap<>();
    private final Map<String, String> failing = new HashMap<>();

    public RoleMembershipCapture(
            Supplier<Collection<RegisteredDatabase>> databases, Reader reader, Publisher publisher, Clock clock) {
        this.databases = databases;
        this.reader = reader;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** Probes every database once; returns the ids of those whose change was published. */
    public synchronized List<String> poll() {
        List<String> published = new ArrayList<>();
        Set<String> registered = new TreeSet<>();
        for (RegisteredDatabase db : databases.get()) {
            Set<String> roles = mappedRoles(db);
            if (db.dialect() != SqlDialect.POSTGRESQL || roles.isEmpty()) continue;
            registered.add(db.id());
            if (probe(db, roles)) published.add(db.id());
        }
        last.keySet().retainAll(registered); // an unregistered database starts from a new baseline if it comes back
        return published;
    }

    private boolean probe(RegisteredDatabase db, Set<String> roles) {
        try {
            RoleMemberships now = reader.read(db, roles);
            RoleMemberships before = last.get(db.id());
            Optional<String> change = before == null ? Optional.empty() : now.changeSince(before);
            if (change.isPresent()) {
                publisher.publish(SchemaChangeMapper.key(db.id(), "", ""), event(db.id(), change.get()));
                log.info("{} of a mapped role's memberships captured on {}", change.get(), db.id());
            }
            last.put(db.id(), now);
            if (failing.remove(db.id()) != null) log.info("role membership capture of {} works again", db.id());
            return change.isPresent();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            // Logged once per kind of failure, not at every poll of a database that stays unreachable.
            String reason = e.getClass().getSimpleName();
            if (!reason.equals(failing.put(db.id(), reason)))
                log.warn("role memberships of {} not read or not published: {}", db.id(), e.getMessage());
            return false;
        }
    }

    private SchemaChanged event(String databaseId, String commandTag) {
        long now = clock.millis();
        // Like the event trigger's GRANT row: no object, so ingest reads the privileges of the whole database again.
        return SchemaChangeMapper.toEvent(
                databaseId,
                new DdlEvent(0, commandTag, "role", "", "", null, null, null, "role-memberships@" + now, now));
    }

    /** The roles the database's principals are mapped to, and its default role. */
    static Set<String> mappedRoles(RegisteredDatabase db) {
        Set<String> roles = new TreeSet<>(db.principals().roles().values());
        if (db.principals().defaultRole() != null) roles.add(db.principals().defaultRole());
        return roles;
    }
}
