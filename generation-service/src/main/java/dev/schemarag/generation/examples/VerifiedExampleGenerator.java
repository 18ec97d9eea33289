package dev.schemarag.generation.examples;

import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.validation.SqlTables;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The offline generator, used when no LLM is configured: answers with the SQL of the closest verified example (a
 * documented query or an approved answer, never an unreviewed one) that the asker may read in full, when it is close
 * enough to be the same question, and otherwise says so instead of guessing. It cannot repair SQL.
 */
public final class VerifiedExampleGenerator implements SqlGenerator {
    /** all-MiniLM's, the default examples model's. */
    public static final double DEFAULT_THRESHOLD = 0.70;
    /**
     * The threshold of each model, as calibrated on Spider dev's questions (docs/benchmarks.md, "Offline answers"):
     * similarities are on each model's own scale, bge's higher than all-MiniLM's for the same pair. A model not listed
     * gets {@link #DEFAULT_THRESHOLD}.
     */
    private static final Map<String, Double> CALIBRATED =
            Map.of("all-minilm-l6-v2-q", DEFAULT_THRESHOLD, "bge-small-en-v1.5-q", 0.80);

    private static final Logger log = LoggerFactory.getLogger(VerifiedExampleGenerator.class);

    private final VerifiedExamples examples;
    private final double threshold;

    public VerifiedExampleGenerator(VerifiedExamples examples, double threshold) {
        this.examples = examples;
        this.threshold = threshold;
    }

    /** The calibrated threshold of the examples model {@code modelId}. */
    public static double calibratedThreshold(String modelId) {
        return CALIBRATED.getOrDefault(modelId, DEFAULT_THRESHOLD);
    }

    /** One indexed lookup in the store: it does not watch the deadline. */
    @Override
    public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
        if (request.repair().isPresent())
            return GenerationOutcome.unavailable("no LLM configured to repair the verified example's SQL");
        Optional<VerifiedExample> nearest;
        try {
            nearest = examples.nearest(
                    request.databaseId(), request.asker(), request.question(), request.questionVector());
        } catch (ExampleStoreException e) {
            log.warn("verified example lookup failed: questionId={} error={}", request.questionId(), e.getMessage());
            return GenerationOutcome.unavailable("verified examples unavailable: " + e.getMessage());
        }
        if (nearest.isEmpty() || nearest.get().similarity() < threshold) {
            String best = nearest.map(e -> String.format(Locale.ROOT, "%.2f", e.similarity()))
                    .orElse("none");
            return GenerationOutcome.unavailable(String.format(
                    Locale.ROOT,
                    "no LLM configured and no verified example is similar enough (best %s, needed %.2f)",
                    best,
                    threshold));
        }
        VerifiedExample example = nearest.get();
        return GenerationOutcome.generated(new GeneratedSql(
                example.sql(),
                "Verified " + example.status().wireName() + " example for: " + example.question(),
                example.similarity(),
                SqlTables.readBy(example.sql()),
                List.of("The question was taken to mean: " + example.question()),
                "verified_example"));
    }
}
