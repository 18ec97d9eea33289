package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/** The canary's topic comes with the others, and its record goes through a committed transaction. */
class KafkaCanaryIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final EmbeddedStack stack = SharedTestStack.get();
    private final String prefix = "canary-it-" + UUID.randomUUID() + ".";
    private final Map<String, Object> clientConfig = KafkaClientSecurity.none().clientConfig(stack.bootstrapServers());

    @Test
    void givenTheTopicsMade_whenTwoCanariesAreSent_thenBothAreCommittedOnTheOnePartitionCanaryTopic() throws Exception {
        TopicCreator.ensure(
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                new Topics(prefix, stack.registryClient()),
                TopicSettings.DEFAULTS);
        String topic = KafkaCanary.topic(prefix);

        Duration first = KafkaCanary.send(clientConfig, topic, "retrieval", TIMEOUT);
        Duration second = KafkaCanary.send(clientConfig, topic, "generation", TIMEOUT);

        assertThat(first).isPositive().isLessThan(TIMEOUT);
        assertThat(second).isPositive().isLessThan(TIMEOUT);
        assertThat(committedKeys(topic)).containsExactly("retrieval", "generation");
        try (Admin admin = Admin.create(clientConfig)) {
            TopicDescription description =
                    admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            assertThat(description.partitions()).hasSize(1);
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            String retention = admin.describeConfigs(List.of(resource))
                    .all()
                    .get()
                    .get(resource)
                    .get(TopicConfig.RETENTION_MS_CONFIG)
                    .value();
            assertThat(retention).isEqualTo(String.valueOf(Duration.ofHours(1).toMillis()));
        }
    }

    private List<String> committedKeys(String topic) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<String> keys = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (consumer.position(partition) < end && System.nanoTime() < deadline)
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200)))
                    keys.add(record.key());
        }
        return keys;
    }
}
