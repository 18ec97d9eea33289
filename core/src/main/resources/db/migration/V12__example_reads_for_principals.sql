-- Examples served only to principals that may read everything they read. A role's view needs, beside the tables and
-- column names V9 records, whether the SQL reads whole rows (*, t.*, a row as a value): SELECT * of a table read
-- through a column grant touches columns it names nowhere. NULL: not known yet, and then the example is shown to no
-- principal (the next seeding parses it).
ALTER TABLE verified_examples ADD COLUMN reads_whole_rows boolean;

-- A documented query's doc chunk carries what its SQL reads, written by the seeding that parses it, so that retrieval
-- shows the chunk only to roles that may read all of it. Written beside the chunk, so the doc_chunks triggers bump the
-- catalog version and retrieval reloads it; ingest clears them when the chunk's text changes.
ALTER TABLE doc_chunks ADD COLUMN reads_tables text[];
ALTER TABLE doc_chunks ADD COLUMN reads_columns text[];
ALTER TABLE doc_chunks ADD COLUMN reads_whole_rows boolean;
