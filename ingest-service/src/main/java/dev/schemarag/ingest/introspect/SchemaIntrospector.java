package dev.schemarag.ingest.introspect;

import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Port: reads the structure (never the data) of a target database. */
public interface SchemaIntrospector {
    /** Every table and view of the given schemas. */
    SchemaCatalog introspect(String databaseId, List<String> schemas) throws IntrospectionException;

    /** One table, or empty when it no longer exists. */
    Optional<Table> table(TableName name) throws IntrospectionException;

    /**
     * What each of {@code roles} may read of the tables and views of the given schemas, as PostgreSQL would decide it for
     * a session of that role (its own grants, PUBLIC's and those of the roles it inherits from, and USAGE on the
     * schema), and which of them filter rows by row-level security. Tables that no role reads and that have no row
     * security are absent; a role that does not exist reads nothing.
     */
    Map<TableName, TableAccess> access(List<String> schemas, Set<String> roles) throws IntrospectionException;
}
