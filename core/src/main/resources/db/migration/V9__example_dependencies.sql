-- Examples that know their schema. Each example stores what its SQL reads (parsed once when it is stored; NULL: not
-- parsed yet, or unparseable, and then any change of its database re-checks it), so that after a schema change only
-- the examples reading a changed table are planned again. One that no longer plans is quarantined with the reason:
-- never served offline, and a documented query's doc chunk is left out of the context packets too (retrieval reads
-- only chunks without a quarantine; the update bumps the catalog version through the doc_chunks triggers).
ALTER TABLE verified_examples ADD COLUMN reads_tables text[];
ALTER TABLE verified_examples ADD COLUMN reads_columns text[];
ALTER TABLE verified_examples ADD COLUMN quarantine_reason text;
ALTER TABLE verified_examples ADD COLUMN quarantine_sqlstate text;
ALTER TABLE verified_examples ADD COLUMN quarantined_at timestamptz;
ALTER TABLE verified_examples ADD COLUMN doc_chunk_id bigint;  -- the doc chunk a documented query was read from
CREATE INDEX verified_examples_reads_tables ON verified_examples USING gin (reads_tables);

ALTER TABLE doc_chunks ADD COLUMN quarantine_reason text;
