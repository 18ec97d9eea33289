-- Question → SQL pairs known to be right for a database: seeded from the docs' Common Queries ('doc') and grown
-- by every answer that passed validation ('validated'). The offline generator answers from the nearest one.
CREATE TABLE verified_examples (
    id            bigserial PRIMARY KEY,
    database_id   text        NOT NULL,
    question      text        NOT NULL,
    question_hash text        NOT NULL,              -- md5 of the normalized question: one row per question
    sql           text        NOT NULL,
    source        text        NOT NULL CHECK (source IN ('doc', 'validated')),
    embedding     vector(384) NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT verified_examples_question UNIQUE (database_id, question_hash)
);
CREATE INDEX verified_examples_hnsw ON verified_examples USING hnsw (embedding vector_cosine_ops);
