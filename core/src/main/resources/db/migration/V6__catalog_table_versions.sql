-- Retrieval applies a catalog change table by table instead of reloading the database. It holds a version of
-- catalog_versions and asks "which tables changed after it?": each table's row here carries the database version of its
-- last change, written by the same triggers in the same transaction. A dropped or renamed table keeps its row (a
-- tombstone) so that its disappearance is a change too; rows are one per table name ever seen, not one per change.
CREATE TABLE catalog_table_versions (
    database_id text   NOT NULL,
    schema_name text   NOT NULL,
    table_name  text   NOT NULL,
    version     bigint NOT NULL,
    PRIMARY KEY (database_id, schema_name, table_name)
);
CREATE INDEX catalog_table_versions_since ON catalog_table_versions (database_id, version);

-- As in V4, plus: the touched tables get the version their database has after the bump. The bump holds the database's
-- counter row locked until commit, so writers of one database commit in version order and a reader holding version v
-- sees every later change as a table row with a version above v.
CREATE OR REPLACE FUNCTION catalog_versions_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO catalog_versions AS v (database_id, version)
        SELECT DISTINCT database_id, 1 FROM new_rows ORDER BY database_id
        ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
        INSERT INTO catalog_table_versions AS t (database_id, schema_name, table_name, version)
        SELECT touched.database_id, touched.schema_name, touched.table_name, v.version
        FROM (SELECT DISTINCT database_id, schema_name, table_name FROM new_rows) AS touched
        JOIN catalog_versions v USING (database_id)
        ORDER BY 1, 2, 3
        ON CONFLICT (database_id, schema_name, table_name) DO UPDATE SET version = excluded.version
        WHERE t.version <> excluded.version;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO catalog_versions AS v (database_id, version)
        SELECT DISTINCT database_id, 1 FROM old_rows ORDER BY database_id
        ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
        INSERT INTO catalog_table_versions AS t (database_id, schema_name, table_name, version)
        SELECT touched.database_id, touched.schema_name, touched.table_name, v.version
        FROM (SELECT DISTINCT database_id, schema_name, table_name FROM old_rows) AS touched
        JOIN catalog_versions v USING (database_id)
        ORDER BY 1, 2, 3
        ON CONFLICT (database_id, schema_name, table_name) DO UPDATE SET version = excluded.version
        WHERE t.version <> excluded.version;
    ELSE
        INSERT INTO catalog_versions AS v (database_id, version)
        SELECT database_id, 1 FROM (SELECT database_id FROM old_rows UNION SELECT database_id FROM new_rows) AS touched
        ORDER BY database_id
        ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
        INSERT INTO catalog_table_versions AS t (database_id, schema_name, table_name, version)
        SELECT touched.database_id, touched.schema_name, touched.table_name, v.version
        FROM (SELECT database_id, schema_name, table_name FROM old_rows
              UNION SELECT database_id, schema_name, table_name FROM new_rows) AS touched
        JOIN catalog_versions v USING (database_id)
        ORDER BY 1, 2, 3
        ON CONFLICT (database_id, schema_name, table_name) DO UPDATE SET version = excluded.version
        WHERE t.version <> excluded.version;
    END IF;
    RETURN NULL;
END
$$;

INSERT INTO catalog_table_versions (database_id, schema_name, table_name, version)
SELECT touched.database_id, touched.schema_name, touched.table_name, v.version
FROM (SELECT database_id, schema_name, table_name FROM schema_embeddings
      UNION SELECT database_id, schema_name, table_name FROM doc_chunks) AS touched
JOIN catalog_versions v USING (database_id);
