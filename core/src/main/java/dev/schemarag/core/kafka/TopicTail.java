package dev.schemarag.core.kafka;

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
 * Reads topics with {@code read_committed}, as a consumer of the pipeline would, on a thread of its own, and hands
 * every poll's records (possibly none) to {@code onPoll}. No group: it is assigned every partition the topics have when
 * it starts, so it never takes part in, or waits for, a rebalance, nor disturbs a service's group.
 */
public final class TopicTail implements AutoCloseable {
    /** Where reading starts. */
    public enum From {
        /** Every record the topics still hold. */
        BEGINNING,
        /** Only records written after the constructor returns. */
        END
    }

    private static final Logger LOG = LoggerFactory.getLogger(TopicTail.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Consumer<ConsumerRecords<byte[], byte[]>> onPoll;
    private final Thread reader;
    private volatile boolean running = true;

    /**
     * @param clientConfig the connection settings (bootstrap servers, security); the reading settings are added here
     */
    public TopicTail(
            Map<String, Object> clientConfig,
            List<String> topics,
            From from,
            String threadName,
            Consumer<ConsumerRecords<byte[], byte[]>> onPoll) {
        this.onPoll = onPoll;
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String name : topics)
            consumer.partitionsFor(name).forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
        consumer.assign(partitions);
        if (from == From.BEGINNING) {
            consumer.seekToBeginning(partitions);
        } else {
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // fix the start now: a record written next must be seen
        }
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

    /** Whether it still reads: false once closed or stopped by an error. */
    public boolean running() {
        return reader.isAlive();
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
