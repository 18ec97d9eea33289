-- An example's embedding is only comparable with questions embedded by the same model: a model change must not
-- match new questions against old vectors. Existing rows were embedded by the default model of release 0.1.0.
ALTER TABLE verified_examples ADD COLUMN model_id text NOT NULL DEFAULT 'bge-small-en-v1.5-q';
ALTER TABLE verified_examples ALTER COLUMN model_id DROP DEFAULT;
ALTER TABLE verified_examples DROP CONSTRAINT verified_examples_question;
ALTER TABLE verified_examples ADD CONSTRAINT verified_examples_question UNIQUE (database_id, model_id, question_hash);
