package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.testkit.FakeEmbeddingModel;
import org.junit.jupiter.api.Test;

class EmbeddingCacheTest {
    private final FakeEmbeddingModel model = new FakeEmbeddingModel();
    private final EmbeddingCache cache = new EmbeddingCache(model, 2);

    @Test
    void aRepeatedTextIsEmbeddedOnce() {
        float[] first = cache.embed("How many orders?");

        assertThat(cache.embed("How many orders?")).isSameAs(first);
        assertThat(model.embedded).containsExactly("How many orders?");
    }

    @Test
    void theCacheKeepsFixedSizeKeysNotTheTexts() {
        String longText = "orders ".repeat(100_000);

        cache.embed(longText);
        cache.embed("How many orders?");

        assertThat(cache.keys())
                .hasSize(2)
                .allSatisfy(key -> assertThat(key).hasSize(64))
                .doesNotContain(longText, "How many orders?");
    }

    @Test
    void theLeastRecentlyUsedTextIsEvicted() {
        cache.embed("a");
        cache.embed("b");
        cache.embed("a");
        cache.embed("c");
        cache.embed("b");

        assertThat(model.embedded).containsExactly("a", "b", "c", "b");
    }

    @Test
    void hitsAndMissesAreCounted() {
        cache.embed("a");
        cache.embed("a");
        cache.embed("b");

        assertThat(cache.hits()).isEqualTo(1);
        assertThat(cache.misses()).isEqualTo(2);
    }
}
