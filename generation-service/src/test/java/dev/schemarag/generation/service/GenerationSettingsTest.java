package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.ConfigException;
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
        assertThatCode(() -> GenerationSettings.checkDeadline(deadline, KAFKA_DEFAULT_POLL_INTERVAL))
                .doesNotThrowAnyException();
    }

    @Test
    void aDeadlineOfMoreThanHalfThePollIntervalIsRefusedNamingBoth() {
        Duration deadline =
                GenerationSettings.recordDeadline(Settings.of(Map.of("generation.record.deadline.ms", "150001")));

        assertThatThrownBy(() -> GenerationSettings.checkDeadline(deadline, KAFKA_DEFAULT_POLL_INTERVAL))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("generation.record.deadline.ms")
                .hasMessageContaining("150001")
                .hasMessageContaining("at most half of max.poll.interval.ms (300000 ms)");
        assertThatCode(() -> GenerationSettings.checkDeadline(Duration.ofMillis(150_000), KAFKA_DEFAULT_POLL_INTERVAL))
                .doesNotThrowAnyException();
    }

    @Test
    void theDeadlineIsDeclaredWithTheOtherGenerationSettings() {
        assertThat(GenerationSettings.declared()).contains(GenerationSettings.RECORD_DEADLINE_MS);
    }
}
