-- The answer cache's probe in retrieval: before it embeds and ranks a question, retrieval asks whether the cache holds
-- a fresh answer to it, so that a repeated question skips both. Retrieval knows the principal a question names, not
-- the role generation runs it as (the mapped one, else the reader login) nor the generator's settings, so an entry also
-- keeps the principal of the question that last wrote it ('' for none), and the probe looks entries up by database,
-- question and principal. The probe only decides which path a question takes: generation looks the entry up again
-- under its full key (V11), checks its freshness and validates it again before serving it.
ALTER TABLE answer_cache ADD COLUMN principal text NOT NULL DEFAULT '';
CREATE INDEX answer_cache_probe ON answer_cache (database_id, question_hash, principal);
