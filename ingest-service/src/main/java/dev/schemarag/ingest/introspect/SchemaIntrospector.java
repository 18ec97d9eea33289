package dev.schemarag.ingest.introspect;

import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Optional;

/** Port: reads the structure (never the data) of a target database. */
public interface SchemaIntrospector {
    /** Every table and view of the given schemas. */
    SchemaCatalog introspect(String databaseId, List<String> schemas) throws IntrospectionException;

    /** One table, or empty when it no longer exists. */
    Optional<Table> table(TableName name) throws IntrospectionException;
}
