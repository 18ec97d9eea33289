-- SchemaRAG's RAG store: one row per table and per column of each registered database, plus doc chunks.
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE schema_embeddings (
    id               bigserial PRIMARY KEY,
    database_id      text        NOT NULL,
    entity_type      text        NOT NULL CHECK (entity_type IN ('table', 'column')),
    schema_name      text        NOT NULL,
    table_name       text        NOT NULL,
    column_name      text        NOT NULL DEFAULT '',  -- '' on table rows, so the unique key covers both kinds
    module           text,
    is_generic       boolean     NOT NULL DEFAULT false,
    stable_text      text        NOT NULL,              -- the text that was embedded
    text_hash        text        NOT NULL,              -- gates re-embedding: same hash, same vector
    m_schema_compact text,                              -- prompt form of the table (table rows)
    definition       jsonb,                             -- full table structure (table rows), for context packets
    embedding        vector(384) NOT NULL,
    search_tsv       tsvector GENERATED ALWAYS AS (to_tsvector('simple', stable_text)) STORED,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT schema_embeddings_entity UNIQUE (database_id, entity_type, schema_name, table_name, column_name)
);
CREATE INDEX schema_embeddings_hnsw ON schema_embeddings USING hnsw (embedding vector_cosine_ops);
CREATE INDEX schema_embeddings_tsv ON schema_embeddings USING gin (search_tsv);
CREATE INDEX schema_embeddings_table ON schema_embeddings (database_id, schema_name, table_name);

CREATE TABLE doc_chunks (
    id              bigserial PRIMARY KEY,
    database_id     text        NOT NULL,
    schema_name     text        NOT NULL,
    table_name      text        NOT NULL,
    column_name     text        NOT NULL DEFAULT '',
    chunk_kind      text        NOT NULL CHECK (chunk_kind IN ('overview', 'column', 'query', 'relationship', 'example')),
    chunk_index     int         NOT NULL,
    related_tables  text[]      NOT NULL DEFAULT '{}',
    keywords        text[]      NOT NULL DEFAULT '{}',
    token_estimate  int         NOT NULL,
    content         text        NOT NULL,
    text_hash       text        NOT NULL,
    embedding       vector(384) NOT NULL,
    search_tsv      tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT doc_chunks_entity UNIQUE (database_id, schema_name, table_name, chunk_kind, chunk_index)
);
CREATE INDEX doc_chunks_hnsw ON doc_chunks USING hnsw (embedding vector_cosine_ops);
CREATE INDEX doc_chunks_tsv ON doc_chunks USING gin (search_tsv);

CREATE VIEW retrieval_stats AS
SELECT database_id, entity_type, module,
       count(*)                              AS embedding_count,
       count(*) FILTER (WHERE is_generic)    AS generic_count
FROM schema_embeddings
GROUP BY database_id, entity_type, module;
