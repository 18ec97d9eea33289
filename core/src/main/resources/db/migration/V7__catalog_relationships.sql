-- The join edges a database does not declare: relationships its annotations add and those inferred from its catalog,
-- computed by ingest whenever it stores the catalog, so that retrieval reads them instead of inferring them on the
-- question path. Declared foreign keys stay in the table definitions. A row belongs to its referencing table
-- (schema_name, table_name): the catalog version triggers mark that table changed when its edges change, and retrieval
-- reloads the edges with the table.
CREATE TABLE catalog_relationships (
    database_id        text             NOT NULL,
    schema_name        text             NOT NULL,
    table_name         text             NOT NULL,
    columns            text[]           NOT NULL,
    referenced_schema  text             NOT NULL,
    referenced_table   text             NOT NULL,
    referenced_columns text[]           NOT NULL,
    source             text             NOT NULL CHECK (source IN ('annotated', 'inferred')),
    confidence         double precision NOT NULL CHECK (confidence > 0 AND confidence <= 1),
    PRIMARY KEY (database_id, schema_name, table_name, columns, referenced_schema, referenced_table)
);

CREATE TRIGGER catalog_relationships_inserted AFTER INSERT ON catalog_relationships
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_relationships_updated AFTER UPDATE ON catalog_relationships
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_relationships_deleted AFTER DELETE ON catalog_relationships
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
