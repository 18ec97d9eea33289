package dev.schemarag.generation.examples;

import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.QuestionVector;
import java.util.Optional;

/**
 * The vector a question is compared with the examples by: the one retrieval carried when the examples' model computed
 * it (the question is then embedded once per answer), otherwise the model's own embedding of the question, as for a
 * record written before retrieval carried one or a deployment whose two models differ.
 */
public final class QuestionEmbeddings {
    private final EmbeddingModel model;

    public QuestionEmbeddings(EmbeddingModel model) {
        this.model = model;
    }

    public float[] of(String question, Optional<QuestionVector> carried) {
        return carried.flatMap(v -> v.by(model)).orElseGet(() -> model.embed(question));
    }
}
