package dev.schemarag.retrieval.lexical;

import dev.schemarag.core.schema.TableName;

/** A table matched by BM25 through its own text, a column's text or a doc chunk, with its best document's score. */
public record LexicalHit(TableName table, double score) {}
