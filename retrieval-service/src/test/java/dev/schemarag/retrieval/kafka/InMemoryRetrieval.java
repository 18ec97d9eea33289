package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.store.Database;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.config.RetrievalSettings;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Optional;

/** The retrieval service as these tests run it: the in-memory index, the default catalog poll, no LLM selection step. */
final class InMemoryRetrieval {
    private InMemoryRetrieval() {}

    static RetrievalService service(
            Database store, EmbeddingModel model, RetrievalSettings settings, MeterRegistry meters) {
        return new RetrievalService(
                store,
                model,
                settings,
                VectorSearch.MEMORY,
                Duration.ofMillis(RetrievalService.CATALOG_POLL_MS.defaultValue()),
                meters,
                Optional.empty());
    }
}
