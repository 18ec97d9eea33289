package dev.schemarag.core.embedding;

import java.util.List;

/** Port: turns texts into unit-length vectors of a fixed dimension. */
public interface EmbeddingModel {
    /** A stable id of the model, stored beside each vector so a model change forces re-embedding. */
    String modelId();

    int dimension();

    float[] embed(String text);

    /**
     * Embeds a search query, to be compared with {@link #embed document} vectors. Asymmetric models (BGE) want an
     * instruction before queries; symmetric ones embed queries like documents.
     */
    default float[] embedQuery(String query) {
        return embed(query);
    }

    /**
     * The id of the vectors {@link #embedQuery} gives: the model's own when queries are embedded like documents, so
     * that a query vector can stand in for {@link #embed}'s only when both ids are equal.
     */
    default String queryVectorsId() {
        return modelId();
    }

    /** Embeds many texts at once; the default adapter batches them for throughput. */
    List<float[]> embedAll(List<String> texts);
}
