-- Runs once, on the first start with an empty data volume, in the store database (POSTGRES_DB = schemarag).
-- The extension is created here, by the superuser, so the store migration finds it installed.
CREATE EXTENSION IF NOT EXISTS vector;

-- Empty target database for the demo ERP: without SCHEMARAG_DATABASES_FILE the services load the demo into it
-- on their first start and index it.
CREATE DATABASE erp;
