package dev.schemarag.core.kafka;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates missing topics up front (a Streams app refuses to start on missing sources) with the configured
 * {@link TopicSettings}: schema.catalog compacted. An existing topic with fewer partitions than configured grows,
 * except a compacted one (see {@link #grows}); partitions are never removed, replication is never changed.
 */
public final class TopicCreator {
    private static final Logger log = LoggerFactory.getLogger(TopicCreator.class);

    private TopicCreator() {}

    public static void ensure(
            String bootstrapServers, KafkaClientSecurity security, Topics topics, TopicSettings layout) {
        try (Admin admin = Admin.create(security.clientConfig(bootstrapServers))) {
            create(admin, topics, layout);
            growPartitions(admin, topics, layout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot prepare topics: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static void create(Admin admin, Topics topics, TopicSettings layout) throws InterruptedException {
        List<NewTopic> wanted = topics.all().stream()
                .map(t -> new NewTopic(t.name(), layout.partitions(), layout.replicationFactor())
                        .configs(configs(t, layout)))
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
    }

    private static Map<String, String> configs(Topic<?, ?> topic, TopicSettings layout) {
        Map<String, String> configs = new HashMap<>();
        configs.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, String.valueOf(layout.minInsyncReplicas()));
        if (topic.compacted()) configs.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
        return configs;
    }

    private static void growPartitions(Admin admin, Topics topics, TopicSettings layout)
            throws InterruptedException, ExecutionException {
        Set<String> names = topics.all().stream().map(Topic::name).collect(Collectors.toSet());
        Map<String, TopicDescription> existing =
                admin.describeTopics(names).allTopicNames().get();
        Map<String, NewPartitions> increases = new HashMap<>();
        for (Topic<String, ?> topic : topics.all()) {
            TopicDescription description = existing.get(topic.name());
            int partitions = description.partitions().size();
            int replicas = description.partitions().get(0).replicas().size();
            if (replicas < layout.replicationFactor())
                log.warn(
                        "topic {} has {} replica(s), fewer than topic.replication.factor={}; reassign its partitions to"
                                + " replicate it (SchemaRAG does not change the replication of existing topics)",
                        topic.name(),
                        replicas,
                        layout.replicationFactor());
            if (partitions >= layout.partitions()) continue;
            if (grows(topic, partitions, layout)) {
                log.warn(
                        "topic {} grows from {} to {} partition(s) (topic.partitions): keys now map to other partitions,"
                                + " so records of one key written before and after may be read out of order",
                        topic.name(),
                        partitions,
                        layout.partitions());
                increases.put(topic.name(), NewPartitions.increaseTo(layout.partitions()));
            } else
                log.warn(
                        "compacted topic {} keeps its {} partition(s) although topic.partitions={}: growing it would"
                                + " leave each key's older value on its old partition, where compaction never removes it;"
                                + " recreate the topic to repartition it",
                        topic.name(),
                        partitions,
                        layout.partitions());
        }
        if (!increases.isEmpty()) admin.createPartitions(increases).all().get();
    }

    /**
     * Whether a topic with fewer partitions than configured grows. Event topics do: no stage joins them or keeps state
     * per key, so a key moving to another partition only loses the order between records written before and after the
     * change. A compacted topic does not: its latest value per key must stay on the key's partition to replace the
     * older ones.
     */
    static boolean grows(Topic<?, ?> topic, int partitions, TopicSettings layout) {
        return partitions < layout.partitions() && !topic.compacted();
    }
}
