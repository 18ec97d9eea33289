-- Privileges as catalog data: ingest records, for each role a database's principals are mapped to (and its default
-- role), which columns of each table the role may SELECT, directly or through the roles it inherits from, and which
-- tables filter their rows by row-level security policies; and the mapping itself. Retrieval reads them to build a
-- principal's context from what its role can read only.

-- One row per table and role that may read at least one column of it; a role without a row reads nothing there.
CREATE TABLE catalog_table_access (
    database_id text   NOT NULL,
    schema_name text   NOT NULL,
    table_name  text   NOT NULL,
    role_name   text   NOT NULL,
    columns     text[] NOT NULL,
    PRIMARY KEY (database_id, schema_name, table_name, role_name)
);

-- One row per table with row-level security enabled: its policies by name (none: every row is hidden).
CREATE TABLE catalog_table_policies (
    database_id text   NOT NULL,
    schema_name text   NOT NULL,
    table_name  text   NOT NULL,
    policies    text[] NOT NULL,
    PRIMARY KEY (database_id, schema_name, table_name)
);

-- Both belong to their table, so the triggers of V6 mark it changed and retrieval reloads it with its rows.
CREATE TRIGGER catalog_table_access_inserted AFTER INSERT ON catalog_table_access
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_table_access_updated AFTER UPDATE ON catalog_table_access
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_table_access_deleted AFTER DELETE ON catalog_table_access
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_table_policies_inserted AFTER INSERT ON catalog_table_policies
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_table_policies_updated AFTER UPDATE ON catalog_table_policies
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER catalog_table_policies_deleted AFTER DELETE ON catalog_table_policies
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();

-- The principal -> role mapping of each database as ingest last recorded it with the privileges; principal NULL is
-- not allowed, so the default role has a table of its own.
CREATE TABLE catalog_principals (
    database_id text NOT NULL,
    principal   text NOT NULL,
    role_name   text NOT NULL,
    PRIMARY KEY (database_id, principal)
);
CREATE TABLE catalog_default_roles (
    database_id text PRIMARY KEY,
    role_name   text NOT NULL
);

-- A mapping belongs to no table: it bumps the database's version only, and retrieval re-reads the mapping with every
-- change it applies.
CREATE FUNCTION catalog_versions_on_mapping_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO catalog_versions AS v (database_id, version)
    SELECT DISTINCT database_id, 1 FROM changed_rows ORDER BY database_id
    ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END
$$;
CREATE TRIGGER catalog_principals_inserted AFTER INSERT ON catalog_principals
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_principals_updated AFTER UPDATE ON catalog_principals
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_principals_deleted AFTER DELETE ON catalog_principals
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_default_roles_inserted AFTER INSERT ON catalog_default_roles
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_default_roles_updated AFTER UPDATE ON catalog_default_roles
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
CREATE TRIGGER catalog_default_roles_deleted AFTER DELETE ON catalog_default_roles
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_mapping_change();
