package dev.schemarag.retrieval.kafka;

import dev.schemarag.retrieval.ContextMetadata;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * What retrieving one question came to, as meters: latency by outcome ({@code rag}, {@code full_schema} or
 * {@code failed}; buckets around the 40 ms target), tables and tokens of each packet, and fallbacks to the full schema
 * by reason. The fallback rate is {@code schemarag_retrieval_fallbacks_total} over the latency count.
 */
public final class RetrievalMeters {
    static final String LATENCY = "schemarag.retrieval.latency";
    static final String TABLES = "schemarag.retrieval.tables";
    static final String TOKENS = "schemarag.retrieval.packet.tokens";
    static final String FALLBACKS = "schemarag.retrieval.fallbacks";
    /**
     * The answer cache's probe before ranking, by {@code result} ({@code hit}: the question skipped embedding and
     * ranking; {@code miss}): retrieval's whole part of a hit, or what a miss adds to the retrieval after it.
     */
    public static final String ANSWER_CACHE_PROBE = "schemarag.retrieval.answer.cache.probe";
    /** In Prometheus {@code schemarag_retrieval_embedding_cache_total{result="hit"|"miss"}}. */
    public static final String EMBEDDING_CACHE = "schemarag.retrieval.embedding.cache";

    private static final Duration[] LATENCY_BUCKETS = {
        Duration.ofMillis(5),
        Duration.ofMillis(10),
        Duration.ofMillis(20),
        Duration.ofMillis(40),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5)
    };

    private final MeterRegistry registry;
    private final DistributionSummary tables;
    private final DistributionSummary tokens;

    public RetrievalMeters(MeterRegistry registry) {
        this.registry = registry;
        this.tables = DistributionSummary.builder(TABLES)
                .description("Tables in each context packet")
                .baseUnit("tables")
                .serviceLevelObjectives(1, 2, 3, 5, 8, 13, 21, 34)
                .register(registry);
        this.tokens = DistributionSummary.builder(TOKENS)
                .description("cl100k tokens of each context packet")
                .baseUnit("tokens")
                .serviceLevelObjectives(250, 500, 1000, 2000, 4000, 8000, 16000)
                .register(registry);
    }

    /** Question embeddings served from the retriever's cache ({@code hit}) or computed ({@code miss}). */
    public static void bindEmbeddingCache(MeterRegistry registry, SchemaRetriever retriever) {
        FunctionCounter.builder(EMBEDDING_CACHE, retriever, SchemaRetriever::embeddingCacheHits)
                .description("Question embeddings by whether the recent-question cache had them")
                .tag("result", "hit")
                .register(registry);
        FunctionCounter.builder(EMBEDDING_CACHE, retriever, SchemaRetriever::embeddingCacheMisses)
                .description("Question embeddings by whether the recent-question cache had them")
                .tag("result", "miss")
                .register(registry);
    }

    /** Records one question: its result and the time {@code retrieve} took. */
    public void record(RetrievalResult result, Duration elapsed) {
        if (!(result instanceof RetrievalResult.Retrieved retrieved)) {
            latency("failed").record(elapsed);
            return;
        }
        ContextMetadata metadata = retrieved.context().metadata();
        latency(metadata.strategy().wireName()).record(elapsed);
        tables.record(retrieved.context().tables().size());
        tokens.record(metadata.contextTokens());
        if (metadata.fallbackReason() != null)
            Counter.builder(FALLBACKS)
                    .description("RAG attempts that fell back to the full schema")
                    .tag("reason", metadata.fallbackReason().wireName())
                    .register(registry)
                    .increment();
    }

    /** Records one probe of the answer cache and the time it took. */
    public void probed(boolean hit, Duration elapsed) {
        Timer.builder(ANSWER_CACHE_PROBE)
                .description("Answer cache probes before ranking, by result")
                .tag("result", hit ? "hit" : "miss")
                .publishPercentileHistogram()
                // A probe is one indexed statement: buckets from 100 µs, not the timer's default 1 ms.
                .minimumExpectedValue(Duration.ofNanos(100_000))
                .register(registry)
                .record(elapsed);
    }

    private Timer latency(String outcome) {
        return Timer.builder(LATENCY)
                .description("Time to retrieve one question's context, embedding included")
                .tag("outcome", outcome)
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .register(registry);
    }
}
