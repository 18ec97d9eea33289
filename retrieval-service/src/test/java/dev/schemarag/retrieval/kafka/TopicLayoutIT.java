package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.TopicSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

/** The topics on a real broker as {@link TopicCreator} lays them out, fresh and over topics made with one partition. */
class TopicLayoutIT {
    private final EmbeddedStack stack = SharedTestStack.get();

    @Test
    void newTopicsGetTheConfiguredPartitionsAndMinInsyncReplicasAndTheCatalogStaysCompacted() throws Exception {
        Topics topics = new Topics("layout-it-" + UUID.randomUUID() + ".", stack.registryClient());

        TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, TopicSettings.DEFAULTS);

        try (Admin admin = admin()) {
            assertPartitions(admin, topics.questions().name(), 6);
            assertPartitions(admin, topics.schemaCatalog().name(), 6);
            assertThat(config(admin, topics.questions().name(), TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG))
                    .isEqualTo("1");
            assertThat(config(admin, topics.schemaCatalog().name(), TopicConfig.CLEANUP_POLICY_CONFIG))
                    .isEqualTo(TopicConfig.CLEANUP_POLICY_COMPACT);
            assertThat(config(admin, topics.answers().name(), TopicConfig.CLEANUP_POLICY_CONFIG))
                    .isEqualTo(TopicConfig.CLEANUP_POLICY_DELETE);
        }
    }

    @Test
    void topicsMadeWithOnePartitionGrowExceptTheCompactedCatalog() throws Exception {
        Topics topics = new Topics("layout-it-" + UUID.randomUUID() + ".", stack.registryClient());
        try (Admin admin = admin()) {
            admin.createTopics(List.of(
                            new NewTopic(topics.questions().name(), 1, (short) 1),
                            new NewTopic(topics.schemaCatalog().name(), 1, (short) 1)
                                    .configs(Map.of(
                                            TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))))
                    .all()
                    .get();

            TopicCreator.ensure(stack.bootstrapServers(), KafkaClientSecurity.none(), topics, TopicSettings.DEFAULTS);

            assertPartitions(admin, topics.questions().name(), 6);
            assertPartitions(admin, topics.schemaCatalog().name(), 1);
            assertPartitions(admin, topics.answers().name(), 6);
        }
    }

    private Admin admin() {
        return Admin.create(Map.of("bootstrap.servers", stack.bootstrapServers()));
    }

    /** Asserts a topic's partition count, once the broker's metadata shows it (it lags creation and growth). */
    private static void assertPartitions(Admin admin, String topic, int expected) {
        await(topic + " with " + expected + " partition(s)")
                .atMost(Duration.ofSeconds(10))
                .ignoreExceptionsInstanceOf(ExecutionException.class)
                .until(
                        () -> admin.describeTopics(List.of(topic))
                                .allTopicNames()
                                .get()
                                .get(topic)
                                .partitions()
                                .size(),
                        n -> n == expected);
    }

    private static String config(Admin admin, String topic, String name) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(resource))
                .all()
                .get()
                .get(resource)
                .get(name)
                .value();
    }
}
