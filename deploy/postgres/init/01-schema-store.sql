-- Runs once, on the first start with an empty data volume, in the store database (POSTGRES_DB = schemarag).
-- The extension is created here, by the superuser, so the services' migrations find it already installed.
CREATE EXTENSION IF NOT EXISTS vector;
