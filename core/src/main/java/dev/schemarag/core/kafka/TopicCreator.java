package dev.schemarag.core.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates missing topics up front (a Streams app refuses to start on missing sources) with the configured
 * {@link TopicSettings}: schema.catalog compacted, results kept briefly (it carries data); and the
 * {@link KafkaCanary}'s topic. An existing topic with fewer
 * partitions than configured grows, except a compacted one (see {@link #grows}); partitions are never removed,
 * replication is never changed.
 */
public final class TopicCreator {
    private static final Logger log = LoggerFactory.getLogger(TopicCreator.class);

    private static final Duration METADATA_WAIT = Duration.ofSeconds(10);

    private TopicCreator() {}

    public static void ensure(
            String bootstrapServers, KafkaClientSecurity security, Topics topics, TopicSettings layout) {
        try (Admin admin = Admin.create(security.clientConfig(bootstrapServers))) {
            Set<String> existing = create(admin, topics, layout);
            // Also waits until the broker's metadata shows the topics created just now: a Streams client started
            // before that finds its source topics missing and shuts down.
            Set<String> names = topics.all().stream().map(Topic::name).collect(Collectors.toCollection(HashSet::new));
            names.add(KafkaCanary.topic(topics.prefix()));
            Map<String, TopicDescription> described = describe(admin, names);
            growPartitions(admin, topics, existing, described, layout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot prepare topics: " + e.getCause().getMessage(), e.getCause());
        }
    }

    /** Creates the missing topics; returns the names of those that existed already. */
    private static Set<String> create(Admin admin, Topics topics, TopicSettings layout) throws InterruptedException {
        List<NewTopic> wanted = new ArrayList<>(topics.all().stream()
                .map(t -> new NewTopic(t.name(), layout.partitions(), layout.replicationFactor())
                        .configs(configs(t, topics, layout)))
                .toList());
        wanted.add(KafkaCanary.newTopic(topics.prefix(), layout));
        Set<String> existing = new HashSet<>();
        for (var result : admin.createTopics(wanted).values().entrySet()) {
            try {
                result.getValue().get();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException))
                    throw new IllegalStateException(
                            "cannot create topics: " + e.getCause().getMessage(), e.getCause());
                existing.add(result.getKey());
            }
        }
        return existing;
    }

    static Map<String, String> configs(Topic<?, ?> topic, Topics topics, TopicSettings layout) {
        Map<String, String> configs = new HashMap<>();
        configs.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, String.valueOf(layout.minInsyncReplicas()));
        if (topic.compacted()) configs.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
        // Rows of the target databases: not kept for the broker's default week.
        if (topic.name().equals(topics.results().name()))
            configs.put(TopicConfig.RETENTION_MS_CONFIG, String.valueOf(layout.resultsRetentionMs()));
        return configs;
    }

    /** Grows the topics that existed before (those created just now have the layout). */
    private static void growPartitions(
            Admin admin,
            Topics topics,
            Set<String> existing,
            Map<String, TopicDescription> described,
            TopicSettings layout)
            throws InterruptedException {
        Map<String, NewPartitions> increases = new HashMap<>();
        for (Topic<String, ?> topic : topics.all()) {
            if (!existing.contains(topic.name())) continue;
            TopicDescription description = described.get(topic.name());
            int partitions = description.partitions().size();
            int replicas = description.partitions().get(0).replicas().size();
            if (replicas < layout.replicationFactor())
                log.warn(
                        "topic {} has {} replica(s), fewer than topic.replication.factor={}; reassign its partitions to"
                                + " replicate it (SchemaRAG does not change the replication of existing topics)",
                        topic.name(),
                        replicas,
                        layout.replicationFactor());
            if (partitions > layout.partitions())
                log.warn(
                        "topic {} has {} partitions, more than topic.partitions={}: a stream thread may own more tasks"
                                + " than its poll interval and transaction timeout were sized for; set topic.partitions"
                                + " to {}",
                        topic.name(),
                        partitions,
                        layout.partitions(),
                        partitions);
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
        for (var result : admin.createPartitions(increases).values().values()) {
            try {
                result.get();
            } catch (ExecutionException e) {
                // Another instance starting at the same time grew it first: it has at least the partitions wanted.
                if (!(e.getCause() instanceof InvalidPartitionsException))
                    throw new IllegalStateException(
                            "cannot add partitions: " + e.getCause().getMessage(), e.getCause());
            }
        }
    }

    /**
     * Describes topics that exist, waiting for the broker's metadata to show those created an instant ago (by this
     * process or another instance).
     */
    private static Map<String, TopicDescription> describe(Admin admin, Set<String> names)
            throws InterruptedException, ExecutionException {
        Map<String, TopicDescription> described = new HashMap<>();
        long deadline = System.nanoTime() + METADATA_WAIT.toNanos();
        while (true) {
            Set<String> missing = new HashSet<>(names);
            missing.removeAll(described.keySet());
            for (var result : admin.describeTopics(missing).topicNameValues().entrySet()) {
                try {
                    described.put(result.getKey(), result.getValue().get());
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline)
                        throw e;
                }
            }
            if (described.size() == names.size()) return described;
            Thread.sleep(100);
        }
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
