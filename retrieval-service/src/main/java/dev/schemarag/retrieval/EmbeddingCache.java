package dev.schemarag.retrieval;

import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.TextHash;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * The embeddings of recently asked texts, least recently used evicted first: repeated questions (retries,
 * benchmarks, dashboards) skip the model. Keyed by the model's hash stamp of the text, so that the cache holds
 * {@code capacity} fixed-size keys however long the texts asked. Returned vectors are shared and must not be modified.
 */
final class EmbeddingCache {
    private final EmbeddingModel model;
    private final Map<String, float[]> recent;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

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
        String key = TextHash.stamp(model.modelId(), TextHash.sha256(text));
        synchronized (recent) {
            float[] cached = recent.get(key);
            if (cached != null) {
                hits.increment();
                return cached;
            }
        }
        misses.increment();
        float[] vector = model.embedQuery(text); // outside the lock: a slow model must not serialize every request
        synchronized (recent) {
            recent.put(key, vector);
        }
        return vector;
    }

    /** Texts answered from the cache so far. */
    long hits() {
        return hits.sum();
    }

    /** Texts the model embedded so far. */
    long misses() {
        return misses.sum();
    }

    /** What the cache holds besides the vectors (visible to tests). */
    Set<String> keys() {
        synchronized (recent) {
            return Set.copyOf(recent.keySet());
        }
    }
}
