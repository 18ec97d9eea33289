-- Runs once, on the first start with an empty data volume, in the store database (POSTGRES_DB = schemarag).
-- The extension is created here, by the superuser, so the store migration finds it installed.
CREATE EXTENSION IF NOT EXISTS vector;

-- Empty target database for the demo ERP: without SCHEMARAG_DATABASES_FILE the ingest service loads the demo into it
-- on its first start and indexes it.
CREATE DATABASE erp;

-- No roles here: at every start ingest, as the superuser (STORE_ADMIN_USER), creates or updates the store's runtime
-- role (STORE_USER, row access to the store only), the replication role of DDL capture and, for the demo, the
-- read-only role generation validates with, each with its password from the environment.
