package dev.schemarag.ingest.sync;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records what the roles a database's principals are mapped to (and its default role) may read, with the database's
 * row-level security policies, the mapping itself and the database's SQL dialect, so that retrieval builds each principal's context from what its
 * role can read. Reads the whole database in two catalog queries and writes only what differs: cheap enough to run
 * at every sync, every captured change and every change of the registration.
 */
public final class AccessSync {
    private static final Logger log = LoggerFactory.getLogger(AccessSync.class);

    private final SchemaStore store;

    public AccessSync(SchemaStore store) {
        this.store = store;
    }

    /** The access of every table of the database that has any, and the tables whose recorded access changed. */
    public record Outcome(Map<TableName, TableAccess> access, Set<TableName> changed) {
        public Outcome {
            access = Map.copyOf(access);
            changed = Set.copyOf(changed);
        }

        /** The table's access; {@link TableAccess#NONE} when no mapped role reads it. */
        public TableAccess of(TableName table) {
            return access.getOrDefault(table, TableAccess.NONE);
        }
    }

    public Outcome refresh(RegisteredDatabase db, SchemaIntrospector introspector)
            throws IntrospectionException, SchemaStoreException {
        Principals principals = db.principals();
        Set<String> roles = new TreeSet<>(principals.roles().values());
        if (principals.defaultRole() != null) roles.add(principals.defaultRole());
        long started = System.nanoTime();
        Map<TableName, TableAccess> access = introspector.access(db.schemas(), roles);
        long read = System.nanoTime();
        SqlDialect dialect = SqlDialect.ofJdbcUrl(db.jdbcUrl()).orElse(SqlDialect.POSTGRESQL);
        Set<TableName> changed = store.replaceAccess(db.id(), principals, dialect, access);
        log.debug(
                "privileges of {} read in {} ms, stored in {} ms",
                db.id(),
                (read - started) / 1_000_000,
                (System.nanoTime() - read) / 1_000_000);
        return new Outcome(access, changed);
    }
}
