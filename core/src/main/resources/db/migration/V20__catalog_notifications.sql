-- A catalog follower (retrieval) LISTENs on schemarag_catalog instead of asking for the versions every few
-- milliseconds: every statement that bumps a database's catalog version notifies it, once, when its transaction
-- commits (PostgreSQL folds the notifications of one transaction with the same channel and payload into one).
CREATE FUNCTION catalog_versions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('schemarag_catalog', '');
    RETURN NULL;
END $$;

CREATE TRIGGER catalog_versions_notify AFTER INSERT OR UPDATE ON catalog_versions
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_notify();
