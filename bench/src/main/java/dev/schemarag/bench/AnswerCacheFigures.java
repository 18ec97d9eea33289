package dev.schemarag.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The answer cache's figures of one {@code bench pipeline} measurement: its lookups in the generation instances
 * ({@code /metrics} read before and after), and for the questions it answered (their answer names the one whose SQL
 * it reused) the hit path measured on the stage topics: sent to the first candidate, that is retrieval and
 * generation, and sent to the validated answer, EXPLAIN as the reader included; and apart from the Kafka hops, the
 * services' own processing time of a hit: retrieval's probe and generation's lookup, checks and answer. Pure: no
 * I/O.
 *
 * @param lookups the lookups during the measurement by result ({@code hit}, {@code miss}, {@code invalidated},
 *     {@code rejected})
 * @param cached the questions answered from the cache
 * @param retrievalInProcessMs retrieval's timer of the probes that found an entry (its whole part of a hit: the probe
 *     and the context built), {@code p50} and {@code p99} as {@code inProcessMs}
 * @param inProcessMs generation's own hit-path timer over the measurement (lookup, checks, answer built), {@code p50}
 *     and {@code p99} in ms as the upper bounds of its histogram's buckets; null values when it recorded no hit
 */
record AnswerCacheFigures(
        Map<String, Double> lookups,
        Set<String> cached,
        List<QuestionLedger.Outcome> outcomes,
        Map<String, Long> contextAt,
        Map<String, Long> generatedAt,
        Map<String, Long> validatedAt,
        Map<String, Double> retrievalInProcessMs,
        Map<String, Double> inProcessMs) {

    AnswerCacheFigures {
        lookups = Map.copyOf(lookups);
        cached = Set.copyOf(cached);
        outcomes = List.copyOf(outcomes);
        contextAt = Map.copyOf(contextAt);
        generatedAt = Map.copyOf(generatedAt);
        validatedAt = Map.copyOf(validatedAt);
    }

    Map<String, Object> figures() {
        double hits = lookups.getOrDefault("hit", 0.0);
        double all = lookups.values().stream().mapToDouble(Double::doubleValue).sum();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("lookups", all);
        figures.put("hits", hits);
        figures.put("misses", lookups.getOrDefault("miss", 0.0));
        figures.put("invalidated", lookups.getOrDefault("invalidated", 0.0));
        figures.put("rejected", lookups.getOrDefault("rejected", 0.0));
        figures.put("hit_rate", all == 0 ? null : hits / all);
        figures.put(
                "answered_from_cache",
                outcomes.stream().filter(o -> cached.contains(o.id())).count());
        figures.put("hit_path_ms", percentiles(sentTo(generatedAt, cached::contains)));
        figures.put("hit_retrieval_ms", percentiles(sentTo(contextAt, cached::contains)));
        figures.put("hit_generation_ms", percentiles(between(contextAt, generatedAt, cached::contains)));
        figures.put("hit_answer_ms", percentiles(sentTo(validatedAt, cached::contains)));
        figures.put("hit_retrieval_in_process_ms", retrievalInProcessMs);
        figures.put("hit_generation_in_process_ms", inProcessMs);
        figures.put("miss_path_ms", percentiles(sentTo(generatedAt, id -> !cached.contains(id))));
        return figures;
    }

    private double[] sentTo(Map<String, Long> stage, Predicate<String> which) {
        return outcomes.stream()
                .filter(o -> which.test(o.id()) && stage.containsKey(o.id()))
                .mapToDouble(o -> stage.get(o.id()) - o.sentAtMs())
                .toArray();
    }

    private double[] between(Map<String, Long> from, Map<String, Long> to, Predicate<String> which) {
        return outcomes.stream()
                .map(QuestionLedger.Outcome::id)
                .filter(id -> which.test(id) && from.containsKey(id) && to.containsKey(id))
                .mapToDouble(id -> to.get(id) - from.get(id))
                .toArray();
    }

    /** p50/p99 in ms; null values when nothing was measured. */
    private static Map<String, Double> percentiles(double[] values) {
        double[] sorted = BenchReport.sorted(values);
        Map<String, Double> figures = new LinkedHashMap<>();
        for (int p : new int[] {50, 99})
            figures.put("p" + p, sorted.length == 0 ? null : BenchReport.percentile(sorted, p));
        return figures;
    }
}
