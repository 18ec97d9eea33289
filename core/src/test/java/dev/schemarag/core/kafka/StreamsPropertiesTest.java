package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.DeadLetterTopic;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StreamsPropertiesTest {
    private static final Topics TOPICS = new Topics("t.", new InMemorySchemaRegistry());

    private static Properties of(StreamsSettings limits, Duration longestRecord) {
        return StreamsProperties.of(
                "t.retrieval",
                "broker:9092",
                KafkaClientSecurity.none(),
                TOPICS.deadLetter(DeadLetterTopic.RETRIEVAL),
                "retrieval",
                Path.of("state"),
                limits,
                longestRecord);
    }

    @Test
    void thePollIntervalIsExplicitAndATransactionOutlastsTheSlowestRecord() {
        Properties p = of(StreamsSettings.DEFAULTS, Duration.ofSeconds(60));

        assertThat(p)
                .containsEntry("consumer.max.poll.interval.ms", 300_000)
                .containsEntry("producer.transaction.timeout.ms", 70_000)
                .doesNotContainKey("consumer.group.instance.id");
    }

    @Test
    void aPollIntervalBelowTwiceTheLongestRecordIsRefusedNamingTheSetting() {
        StreamsSettings tight = StreamsSettings.from(Settings.of(Map.of("streams.max.poll.interval.ms", "100000")));

        assertThatThrownBy(() -> of(tight, Duration.ofSeconds(60)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("streams.max.poll.interval.ms")
                .hasMessageContaining("'100000'")
                .hasMessageContaining("t.retrieval (60000 ms)")
                .hasMessageContaining("120000");
        assertThat(of(tight, Duration.ofSeconds(50))).containsEntry("consumer.max.poll.interval.ms", 100_000);
    }

    @Test
    void aGroupInstanceIdMakesTheMembershipStatic() {
        StreamsSettings fixed = StreamsSettings.from(Settings.of(Map.of("streams.group.instance.id", " retrieval-1 ")));

        assertThat(of(fixed, Duration.ofSeconds(10))).containsEntry("consumer.group.instance.id", "retrieval-1");
    }

    @Test
    void aPollIntervalBelowTenSecondsIsNotASetting() {
        assertThatThrownBy(() -> StreamsSettings.from(Settings.of(Map.of("streams.max.poll.interval.ms", "500"))))
                .isInstanceOf(ConfigException.class);
    }
}
