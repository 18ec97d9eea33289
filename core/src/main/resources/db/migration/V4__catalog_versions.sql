-- Retrieval asks "did this database's catalog change?" before every question. One counter row per database answers
-- that with a primary-key lookup instead of aggregates over all of its rows. Triggers bump the counter on every
-- insert, update and delete of schema_embeddings and doc_chunks, in the writing transaction, so a reader sees the
-- new version exactly when it can see the new rows.
CREATE TABLE catalog_versions (
    database_id text   PRIMARY KEY,
    version     bigint NOT NULL
);

-- Bumps each touched database's counter once per transaction: readers only see committed versions, and a sync that
-- writes thousands of rows in one transaction must not pile up thousands of row versions of one counter (the xmin
-- test makes a later statement of the same transaction skip the update). Ids are locked in order, so writers
-- touching several databases cannot deadlock on the counters. PostgreSQL gives transition tables only to
-- single-event triggers, so each trigger below names the ones its event has (new_rows, old_rows) and each branch
-- reads only those; the statements are inline because plpgsql caches their plans.
CREATE FUNCTION catalog_versions_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO catalog_versions AS v (database_id, version)
        SELECT DISTINCT database_id, 1 FROM new_rows ORDER BY database_id
        ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO catalog_versions AS v (database_id, version)
        SELECT DISTINCT database_id, 1 FROM old_rows ORDER BY database_id
        ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
    ELSE
        INSERT INTO catalog_versions AS v (database_id, version)
        SELECT database_id, 1 FROM (SELECT database_id FROM old_rows UNION SELECT database_id FROM new_rows) AS touched
        ORDER BY database_id
        ON CONFLICT (database_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER schema_embeddings_inserted AFTER INSERT ON schema_embeddings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER schema_embeddings_updated AFTER UPDATE ON schema_embeddings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER schema_embeddings_deleted AFTER DELETE ON schema_embeddings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER doc_chunks_inserted AFTER INSERT ON doc_chunks
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER doc_chunks_updated AFTER UPDATE ON doc_chunks
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();
CREATE TRIGGER doc_chunks_deleted AFTER DELETE ON doc_chunks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_on_change();

INSERT INTO catalog_versions (database_id, version)
SELECT database_id, 1 FROM schema_embeddings
UNION
SELECT database_id, 1 FROM doc_chunks;
