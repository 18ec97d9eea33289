-- Passing EXPLAIN proves that an answer runs, not that it answers its question, and an example served offline is
-- trusted up to confidence 1.00. So a validated answer is now a 'candidate' kept under its question id, and only
-- documented queries and answers a person approved (AnswerFeedback on the feedback topic) are served offline.
-- A rejected answer is never served again. Answers validated before this migration were never reviewed: they
-- become candidates, and having no question id they cannot be approved.
ALTER TABLE verified_examples ADD COLUMN question_id text;
ALTER TABLE verified_examples ADD COLUMN status text;
UPDATE verified_examples SET status = CASE source WHEN 'doc' THEN 'documented' ELSE 'candidate' END;
ALTER TABLE verified_examples ALTER COLUMN status SET NOT NULL;
ALTER TABLE verified_examples ADD CONSTRAINT verified_examples_status
    CHECK (status IN ('documented', 'candidate', 'approved', 'rejected'));
ALTER TABLE verified_examples ADD CONSTRAINT verified_examples_documented_from_docs
    CHECK ((source = 'doc') = (status = 'documented') AND (source <> 'doc' OR question_id IS NULL));
ALTER TABLE verified_examples ADD COLUMN reviewed_by text;
ALTER TABLE verified_examples ADD COLUMN review_note text;
ALTER TABLE verified_examples ADD COLUMN reviewed_at timestamptz;

-- A documented query is one row per question wording; an answer is one row per question id, so that feedback finds
-- the answer it was given on and a later answer with the same wording cannot inherit its approval.
ALTER TABLE verified_examples DROP CONSTRAINT verified_examples_question;
CREATE UNIQUE INDEX verified_examples_documented ON verified_examples (database_id, model_id, question_hash)
    WHERE source = 'doc';
CREATE UNIQUE INDEX verified_examples_answer ON verified_examples (question_id) WHERE question_id IS NOT NULL;

-- Only served examples are searched: a filtered HNSW scan over all rows could miss them behind nearer candidates.
DROP INDEX verified_examples_hnsw;
CREATE INDEX verified_examples_served_hnsw ON verified_examples USING hnsw (embedding vector_cosine_ops)
    WHERE status IN ('documented', 'approved');
