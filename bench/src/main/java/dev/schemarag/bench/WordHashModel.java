package dev.schemarag.bench;

import dev.schemarag.core.embedding.EmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A deterministic bag-of-words embedding of a real model's dimension: each word has a fixed pseudo-random vector
 * (seeded by the word), a text the normalized sum of its words'. Texts that share words are closer, so dense search
 * over a synthetic catalog ranks the tables a question names; it costs microseconds, where the real model would take
 * the bench hours on 400,000 columns. The word vectors share a common direction ({@link #SHARED}), as the vectors of
 * real sentence models do, so that unrelated texts are not orthogonal and a question's best match clears retrieval's
 * fallback bar as it does with a real model.
 */
final class WordHashModel implements EmbeddingModel {
    static final String ID = "word-hash-384";
    static final int DIMENSION = 384;
    /** Each word vector's component along the shared direction, against uniform noise in [-1, 1] per dimension. */
    static final float SHARED = 0.1f;

    private final Map<String, float[]> words = new ConcurrentHashMap<>();

    @Override
    public String modelId() {
        return ID;
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public float[] embed(String text) {
        float[] sum = new float[DIMENSION];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (word.isEmpty()) continue;
            float[] v = words.computeIfAbsent(word, WordHashModel::wordVector);
            for (int d = 0; d < DIMENSION; d++) sum[d] += v[d];
        }
        double squares = 0;
        for (float x : sum) squares += (double) x * x;
        if (squares > 0) {
            float scale = (float) (1 / Math.sqrt(squares));
            for (int d = 0; d < DIMENSION; d++) sum[d] *= scale;
        }
        return sum;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<float[]> vectors = new ArrayList<>(texts.size());
        texts.forEach(t -> vectors.add(embed(t)));
        return vectors;
    }

    private static float[] wordVector(String word) {
        // String's hash is specified: the same word has the same vector on every JVM.
        SplittableRandom random = new SplittableRandom(word.hashCode() * 0x9E3779B97F4A7C15L);
        float[] v = new float[DIMENSION];
        for (int d = 0; d < DIMENSION; d++) v[d] = (float) (random.nextDouble() * 2 - 1) + SHARED;
        return v;
    }
}
