package dev.schemarag.core.kafka;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/** Creates missing topics up front (a Streams app refuses to start on missing sources): schema.catalog compacted. */
public final class TopicCreator {
    private TopicCreator() {}

    public static void ensure(String bootstrapServers, KafkaClientSecurity security, Topics topics) {
        try (Admin admin = Admin.create(security.clientConfig(bootstrapServers))) {
            List<NewTopic> wanted = topics.all().stream()
                    .map(t -> {
                        NewTopic topic = new NewTopic(t.name(), Optional.empty(), Optional.empty());
                        return t.compacted()
                                ? topic.configs(
                                        Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))
                                : topic;
                    })
                    .toList();
            for (var result : admin.createTopics(wanted).values().values()) {
                try {
                    result.get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException))
                        throw new IllegalStateException(
                                "cannot create topics: " + e.getCause().getMessage(), e.getCause());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }
}
