package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Settings;
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
                        GenerationSettings.PUNCTUATE_INTERVAL_MS);
    }

    @Test
    void byDefaultSixteenQuestionsRunAtOnceAndTasksPunctuateEveryTenMilliseconds() {
        Settings defaults = Settings.of(Map.of());

        assertThat(defaults.get(GenerationSettings.CONCURRENCY)).isEqualTo(16);
        assertThat(GenerationSettings.punctuateInterval(defaults)).isEqualTo(Duration.ofMillis(10));
    }
}
