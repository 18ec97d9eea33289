package dev.schemarag.app;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads topics from the beginning with {@code read_committed}, as a consumer of the pipeline would, on a thread of
 * its own, and hands every poll's records (possibly none) to {@code onPoll}. No group: it is assigned every partition
 * the topics have when it starts, so it never takes part in, or waits for, a rebalance.
 */
final class TopicTail implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TopicTail.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Consumer<ConsumerRecords<byte[], byte[]>> onPoll;
    private final Thread reader;
    private volatile boolean running = true;

    TopicTail(
            String bootstrapServers,
            List<String> topics,
            String threadName,
            Consumer<ConsumerRecords<byte[], byte[]>> onPoll) {
        this.onPoll = onPoll;
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String name : topics)
            consumer.partitionsFor(name).forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        reader = new Thread(this::read, threadName);
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try {
            while (running) onPoll.accept(consumer.poll(Duration.ofMillis(200)));
        } catch (WakeupException closing) {
            // close() woke the poll
        } catch (RuntimeException e) {
            LOG.error("{} stopped: {}", reader.getName(), e.toString(), e);
        } finally {
            consumer.close();
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            reader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
