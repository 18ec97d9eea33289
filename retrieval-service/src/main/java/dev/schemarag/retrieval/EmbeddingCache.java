package dev.schemarag.retrieval;

import dev.schemarag.core.embedding.EmbeddingModel;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The embeddings of recently asked texts, least recently used evicted first: repeated questions (retries,
 * benchmarks, dashboards) skip the model. Returned vectors are shared and must not be modified.
 */
final class EmbeddingCache {
    private final EmbeddingModel model;
    private final Map<String, float[]> recent;

    EmbeddingCache(EmbeddingModel model, int capacity) {
        this.model = model;
        this.recent = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                return size() > capacity;
            }
        };
    }

    float[] embed(String text) {
        synchronized (recent) {
            float[] cached = recent.get(text);
            if (cached != null) return cached;
        }
        float[] vector = model.embedQuery(text); // outside the lock: a slow model must not serialize every request
        synchronized (recent) {
            recent.put(text, vector);
        }
        return vector;
    }
}
