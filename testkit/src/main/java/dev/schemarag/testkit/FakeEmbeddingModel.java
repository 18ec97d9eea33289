package dev.schemarag.testkit;

import dev.schemarag.core.embedding.EmbeddingModel;
import java.util.ArrayList;
import java.util.List;

/** A deterministic embedding: a unit vector derived from the text's hash. Records what it was asked to embed. */
public final class FakeEmbeddingModel implements EmbeddingModel {
    public static final String ID = "fake-8";
    public final List<String> embedded = new ArrayList<>();
    private final String id;

    public FakeEmbeddingModel() {
        this(ID);
    }

    /** Another model id: its hashes differ, so everything it meets is embedded again. */
    public FakeEmbeddingModel(String id) {
        this.id = id;
    }

    @Override
    public String modelId() {
        return id;
    }

    @Override
    public int dimension() {
        return 8;
    }

    @Override
    public synchronized float[] embed(String text) {
        embedded.add(text);
        float[] vector = new float[dimension()];
        int hash = text.hashCode();
        for (int i = 0; i < vector.length; i++) vector[i] = ((hash >> (i * 4)) & 0xF) + 1;
        float norm = 0;
        for (float v : vector) norm += v * v;
        for (int i = 0; i < vector.length; i++) vector[i] /= (float) Math.sqrt(norm);
        return vector;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<float[]> vectors = new ArrayList<>();
        texts.forEach(t -> vectors.add(embed(t)));
        return vectors;
    }
}
