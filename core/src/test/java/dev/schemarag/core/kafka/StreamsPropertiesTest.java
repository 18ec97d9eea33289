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
    void thePollIntervalIsExplicitAndATransactionOutlastsTheSlowestRecordOfEveryTaskOfAThread() {
        // 6 partitions over 2 threads: a thread left alone in its group owns 3 tasks, each with a 60 s record.
        Properties p = of(StreamsSettings.DEFAULTS, Duration.ofSeconds(60));

        assertThat(p)
                .containsEntry("consumer.max.poll.interval.ms", 600_000)
                .containsEntry("producer.transaction.timeout.ms", 3 * 60_000 + 10_000)
                .doesNotContainKey("consumer.group.instance.id");
    }

    @Test
    void theTasksOfAThreadAreThePartitionsOverTheThreadsRoundedUp() {
        assertThat(StreamsProperties.tasksPerThread(limits("6", "1"))).isEqualTo(6);
        assertThat(StreamsProperties.tasksPerThread(limits("6", "4"))).isEqualTo(2);
        assertThat(StreamsProperties.tasksPerThread(limits("6", "6"))).isEqualTo(1);
        assertThat(StreamsProperties.tasksPerThread(limits("6", "8"))).isEqualTo(1);
        assertThat(StreamsProperties.tasksPerThread(limits("12", "2"))).isEqualTo(6);

        assertThat(of(limits("12", "1"), Duration.ofSeconds(5)))
                .containsEntry("producer.transaction.timeout.ms", 12 * 5_000 + 10_000);
        assertThat(of(limits("1", "2"), Duration.ofSeconds(5)))
                .containsEntry("producer.transaction.timeout.ms", 5_000 + 10_000);
    }

    @Test
    void aPollIntervalBelowTwiceTheLongestIterationIsRefusedNamingTheSettingAndTheTasks() {
        StreamsSettings tight = StreamsSettings.from(Settings.of(Map.of("streams.max.poll.interval.ms", "300000")));

        // 3 tasks x 60 s = 180 s per iteration: 300 s would have covered one record, not one iteration.
        assertThatThrownBy(() -> of(tight, Duration.ofSeconds(60)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("streams.max.poll.interval.ms")
                .hasMessageContaining("'300000'")
                .hasMessageContaining("t.retrieval: 3 task(s) per stream thread (topic.partitions=6, stream.threads=2)")
                .hasMessageContaining("60000 ms per record, i.e. 360000");
        assertThat(of(tight, Duration.ofSeconds(50))).containsEntry("consumer.max.poll.interval.ms", 300_000);
    }

    @Test
    void moreThreadsShortenTheIterationSoTheSamePollIntervalSuffices() {
        Map<String, String> values = Map.of(
                "streams.max.poll.interval.ms", "300000",
                "topic.partitions", "6",
                "stream.threads", "3");

        assertThat(of(StreamsSettings.from(Settings.of(values)), Duration.ofSeconds(60)))
                .containsEntry("producer.transaction.timeout.ms", 2 * 60_000 + 10_000);
    }

    private static StreamsSettings limits(String partitions, String threads) {
        return StreamsSettings.from(Settings.of(Map.of("topic.partitions", partitions, "stream.threads", threads)));
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
        assertThat(production.topics()).isEqualTo(new TopicSettings(6, (short) 3, 2, 86_400_000));
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
