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

    @Test
    void threadsAndTheReplicationOfInternalTopicsComeFromTheSettings() {
        StreamsSettings production = StreamsSettings.from(Settings.of(Map.of(
                "stream.threads", "4",
                "topic.replication.factor", "3",
                "topic.min.insync.replicas", "2")));

        assertThat(of(production, Duration.ofSeconds(10)))
                .containsEntry("num.stream.threads", 4)
                .containsEntry("replication.factor", 3)
                .containsEntry("topic.min.insync.replicas", 2);
        assertThat(production.topics()).isEqualTo(new TopicSettings(6, (short) 3, 2));
        assertThat(of(StreamsSettings.DEFAULTS, Duration.ofSeconds(10)))
                .containsEntry("num.stream.threads", 2)
                .containsEntry("replication.factor", 1)
                .containsEntry("topic.min.insync.replicas", 1);
    }

    @Test
    void moreInSyncReplicasThanReplicasIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> StreamsSettings.from(Settings.of(Map.of("topic.min.insync.replicas", "2"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("topic.min.insync.replicas")
                .hasMessageContaining("topic.replication.factor (1)");
    }

    @Test
    void anExistingEventTopicGrowsToTheConfiguredPartitionsButTheCompactedCatalogDoesNot() {
        TopicSettings six = TopicSettings.DEFAULTS;

        assertThat(TopicCreator.grows(TOPICS.questions(), 1, six)).isTrue();
        assertThat(TopicCreator.grows(TOPICS.questions(), 6, six)).isFalse();
        assertThat(TopicCreator.grows(TOPICS.questions(), 12, six)).isFalse();
        assertThat(TopicCreator.grows(TOPICS.schemaCatalog(), 1, six)).isFalse();
    }
}
