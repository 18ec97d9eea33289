package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Settings;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GenerationSettingsTest {
    private static final Duration KAFKA_DEFAULT_POLL_INTERVAL = Duration.ofMinutes(5);

    @Test
    void theDefaultDeadlineIsOneMinuteWellBelowKafkasDefaultPollInterval() {
        Duration deadline = GenerationSettings.recordDeadline(Settings.of(Map.of()));

        assertThat(deadline).isEqualTo(Duration.ofSeconds(60));
        assertThat(deadline.multipliedBy(2)).isLessThanOrEqualTo(KAFKA_DEFAULT_POLL_INTERVAL);
    }

    @Test
    void theDeadlineAndTheConcurrencyAreDeclaredWithTheOtherGenerationSettings() {
        assertThat(GenerationSettings.declared())
                .contains(
                        GenerationSettings.RECORD_DEADLINE_MS,
                        GenerationSettings.CONCURRENCY,
                        GenerationSettings.LLM_MAX_IN_FLIGHT,
                        GenerationSettings.PUNCTUATE_INTERVAL_MS);
    }

    @Test
    void byDefault256QuestionsAreInTheWorkOnSixteenThreadsAndTasksPunctuateEveryTenMilliseconds() {
        Settings defaults = Settings.of(Map.of());

        assertThat(defaults.get(GenerationSettings.CONCURRENCY)).isEqualTo(16);
        assertThat(defaults.get(GenerationSettings.LLM_MAX_IN_FLIGHT)).isEqualTo(256);
        assertThat(GenerationSettings.LLM_MAX_IN_FLIGHT.environmentVariable())
                .isEqualTo("GENERATION_LLM_MAX_IN_FLIGHT");
        assertThat(GenerationSettings.punctuateInterval(defaults)).isEqualTo(Duration.ofMillis(10));
    }

    @Test
    void theStructuralBudgetsComeFromTheirSettingsAndDefaultToTheGuardsDefaults() {
        assertThat(GenerationSettings.structuralBudget(Settings.of(Map.of()))).isEqualTo(StructuralBudget.DEFAULT);

        StructuralBudget configured = GenerationSettings.structuralBudget(Settings.of(Map.of(
                "generation.sql.max.ctes", "1",
                "generation.sql.max.query.depth", "2",
                "generation.sql.max.relations", "3",
                "generation.sql.max.set.operations", "4",
                "generation.sql.max.plan.size", "500")));

        assertThat(configured).isEqualTo(new StructuralBudget(1, 2, 3, 4, 500));
        assertThat(GenerationSettings.SQL_MAX_RELATIONS.environmentVariable())
                .isEqualTo("GENERATION_SQL_MAX_RELATIONS");
        assertThat(GenerationSettings.declared())
                .contains(
                        GenerationSettings.SQL_MAX_CTES,
                        GenerationSettings.SQL_MAX_QUERY_DEPTH,
                        GenerationSettings.SQL_MAX_RELATIONS,
                        GenerationSettings.SQL_MAX_SET_OPERATIONS,
                        GenerationSettings.SQL_MAX_PLAN_SIZE);
    }

    @Test
    void theOfflineThresholdFollowsTheExamplesModelUnlessConfigured() {
        Settings defaults = Settings.of(Map.of());

        assertThat(GenerationSettings.exampleThreshold(defaults, "all-minilm-l6-v2-q"))
                .isEqualTo(0.70);
        assertThat(GenerationSettings.exampleThreshold(defaults, "bge-small-en-v1.5-q"))
                .isEqualTo(0.80);
        assertThat(GenerationSettings.exampleThreshold(defaults, "a-model-never-calibrated"))
                .isEqualTo(VerifiedExampleGenerator.DEFAULT_THRESHOLD);
        assertThat(GenerationSettings.exampleThreshold(
                        Settings.of(Map.of("generation.example.threshold", "0.9")), "bge-small-en-v1.5-q"))
                .isEqualTo(0.9);
    }
}
