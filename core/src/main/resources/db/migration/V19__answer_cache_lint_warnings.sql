-- A fresh entry of an answer that will be executed is served without validating its SQL again (the execution stage
-- guards it and runs it as the role): the lint warnings it passed with are kept with it, so that the answer served from
-- the cache says what the first one said. Entries written before have none; the release that reads this column raises
-- the cache's format, so they are no longer found.
ALTER TABLE answer_cache ADD COLUMN lint_warnings text[] NOT NULL DEFAULT '{}';
