-- The SQL dialect of each database, which ingest records with the principal mapping at every sync: retrieval renders
-- a database's context packet in it (identifier quoting), the dialect generated SQL must be written in. A database
-- without a row is PostgreSQL's, as every database was before this table.
CREATE TABLE catalog_dialects (
    database_id text PRIMARY KEY,
    dialect     text NOT NULL CHECK (dialect IN ('postgresql', 'mysql', 'mariadb'))
);

-- Like the mapping, it belongs to no table: a change bumps the database's version, and retrieval re-reads it with
-- every change it applies (and renders every table again when it differs).
CREATE TRIGGER catalog_dialects_inserted AFTER INSERT ON catalog_dialects
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_dialects_updated AFTER UPDATE ON catalog_dialects
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_dialects_deleted AFTER DELETE ON catalog_dialects
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
