package dev.schemarag.ingest.cdc;

import dev.schemarag.events.SchemaChanged;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * Publishes captured changes to the schema-changes topic one at a time, each acknowledged before the next, and keeps
 * the newest offset acknowledged in each partition. A change is captured only once its transaction committed, so
 * every change at or below that offset had committed in its database when it was read: the embedding updater uses
 * this to tell which changes a refresh that starts now will already see ({@code RefreshCoverage}).
 */
public final class ChangePublisher {
    private final Producer<String, SchemaChanged> producer;
    private final String topic;
    private final ConcurrentMap<Integer, Long> newest = new ConcurrentHashMap<>();

    public ChangePublisher(Producer<String, SchemaChanged> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    /** Sends the change and waits for the broker's acknowledgement; the send's failure is the cause of the thrown one. */
    public void publish(String key, SchemaChanged change) throws ExecutionException, InterruptedException {
        RecordMetadata at =
                producer.send(new ProducerRecord<>(topic, key, change)).get();
        newest.merge(at.partition(), at.offset(), Math::max);
    }

    /** The newest offset acknowledged in the partition since this process started; -1 when none. */
    public long newestOffset(int partition) {
        return newest.getOrDefault(partition, -1L);
    }

    public String topic() {
        return topic;
    }
}
