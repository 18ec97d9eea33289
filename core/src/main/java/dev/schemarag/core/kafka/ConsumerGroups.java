package dev.schemarag.core.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The consumer groups of Kafka Streams apps, handled through the Admin API while the apps are not running: who is in a
 * group, where a new group starts, and carrying a group's progress over to a renamed application id.
 */
public final class ConsumerGroups {
    private ConsumerGroups() {}

    /** The number of active members of each of {@code groups} (one request); 0 for a group that does not exist. */
    public static Map<String, Integer> members(Admin admin, Collection<String> groups) throws InterruptedException {
        Map<String, Integer> members = new HashMap<>();
        for (var group : admin.describeConsumerGroups(groups).describedGroups().entrySet()) {
            try {
                members.put(group.getKey(), group.getValue().get().members().size());
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException))
                    throw failure("describe the consumer group " + group.getKey(), e);
                members.put(group.getKey(), 0);
            }
        }
        return members;
    }

    /** The committed offsets of {@code group}; empty when it has none or does not exist. */
    public static Map<TopicPartition, OffsetAndMetadata> committed(Admin admin, String group)
            throws InterruptedException {
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>(admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get());
            offsets.values().removeIf(Objects::isNull);
            return offsets;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) return Map.of();
            throw failure("read the offsets of the consumer group " + group, e);
        }
    }

    /**
     * Makes the new, empty {@code group} start at the current end of every partition of {@code topics} (the topics
     * that do not exist are skipped), so that it never processes what was written before.
     */
    public static void startAtEnd(Admin admin, String group, Collection<String> topics) throws InterruptedException {
        try {
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (String topic : topics) {
                try {
                    TopicDescription description = admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get()
                            .get(topic);
                    description
                            .partitions()
                            .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) throw e;
                }
            }
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
                    admin.listOffsets(latest).all().get();
            Map<TopicPartition, OffsetAndMetadata> offsets = ends.entrySet().stream()
                    .collect(Collectors.toMap(
                            Map.Entry::getKey,
                            e -> new OffsetAndMetadata(e.getValue().offset())));
            admin.alterConsumerGroupOffsets(group, offsets).all().get();
        } catch (ExecutionException e) {
            throw failure("set the start of the consumer group " + group, e);
        }
    }

    /**
     * Moves the committed offsets of {@code legacy} to {@code group} when {@code group} has none yet, then deletes
     * {@code legacy}: a renamed application resumes where it stopped instead of from the earliest offset.
     *
     * @return whether offsets were moved
     * @throws IllegalStateException when {@code legacy} still has members: an instance of the previous version runs,
     *     and both would process every record
     */
    public static boolean carryOver(Admin admin, String legacy, String group) throws InterruptedException {
        Map<TopicPartition, OffsetAndMetadata> previous = committed(admin, legacy);
        if (previous.isEmpty() || !committed(admin, group).isEmpty()) return false;
        if (members(admin, List.of(legacy)).get(legacy) > 0)
            throw new IllegalStateException("the consumer group " + legacy + " of a previous version still has members:"
                    + " stop those instances before starting this one under " + group);
        try {
            admin.alterConsumerGroupOffsets(group, previous).all().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupNotEmptyException) return false; // another new instance moved them first
            throw failure("move the offsets of " + legacy + " to " + group, e);
        }
        delete(admin, List.of(legacy), 1);
        return true;
    }

    /**
     * Deletes {@code groups}, waiting up to {@code attempts} × 200 ms for members that are still leaving. Groups that
     * do not exist are skipped.
     */
    public static void delete(Admin admin, Collection<String> groups, int attempts) throws InterruptedException {
        for (String group : groups) {
            for (int attempt = 1; ; attempt++) {
                try {
                    admin.deleteConsumerGroups(List.of(group)).all().get();
                    break;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof GroupIdNotFoundException) break;
                    if (!(e.getCause() instanceof GroupNotEmptyException) || attempt >= attempts)
                        throw failure("delete the consumer group " + group, e);
                    Thread.sleep(200);
                }
            }
        }
    }

    private static IllegalStateException failure(String action, ExecutionException e) {
        return new IllegalStateException(
                "cannot " + action + ": " + e.getCause().getMessage(), e.getCause());
    }
}
