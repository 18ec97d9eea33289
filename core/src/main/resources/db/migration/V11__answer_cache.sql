-- The answer cache: a repeated question (same database, same role the question runs as, same normalised question and
-- evidence, same generator settings) gets the SQL an earlier answer validated, without calling the model. The SQL is
-- validated again (EXPLAIN as the role) and executed afresh on every hit: rows are never cached.
--
-- An entry is only as good as the schema it was validated on, so it keeps the tables its SQL reads (lower-case,
-- 'schema.table' or a bare 'table' where the SQL does not qualify it, as verified_examples.reads_tables) and the
-- catalog version of the context it was generated from. V6 guarantees that a reader holding version v sees every later
-- change of a table as a catalog_table_versions row with a version above v, dropped and renamed tables included (they
-- keep a tombstone row), and the ingest, docs and privileges (V10) of a table all write through those triggers. So an
-- entry is fresh exactly when no table it reads has a row above its version: one indexed query at lookup, in the same
-- statement as the entry, decides it. Recording each table's own version instead would miss a table created later
-- under a bare name the SQL reads, and would adopt a change made between retrieval and the store as the entry's own.
-- SQL that does not parse is never cached: what it reads is unknown.
CREATE TABLE answer_cache (
    database_id     text             NOT NULL,
    role_name       text             NOT NULL,  -- the role its questions run as: the mapped one, else the reader login
    question_hash   text             NOT NULL,  -- sha-256 of the normalised question and evidence (QuestionText)
    settings_hash   text             NOT NULL,  -- sha-256 of what changes the SQL: generator, model, endpoint, dialect
    question        text             NOT NULL,  -- as first asked, for people
    question_id     text             NOT NULL,  -- the answer whose SQL this is
    sql             text             NOT NULL,
    explanation     text             NOT NULL,
    confidence      double precision NOT NULL,
    tables_used     text[]           NOT NULL,
    assumptions     text[]           NOT NULL,
    reads_tables    text[]           NOT NULL,
    catalog_version bigint           NOT NULL,
    created_at      timestamptz      NOT NULL DEFAULT now(),
    PRIMARY KEY (database_id, role_name, question_hash, settings_hash)
);
-- Expiry and the per-database bound drop the oldest entries first.
CREATE INDEX answer_cache_age ON answer_cache (database_id, created_at);
