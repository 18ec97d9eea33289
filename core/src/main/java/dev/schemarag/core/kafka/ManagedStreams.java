package dev.schemarag.core.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;

/**
 * A Kafka Streams client run the SchemaRAG way: a {@link StreamsFailurePolicy} decides what a failed stream thread
 * becomes, and closing leaves the consumer group, so the partitions move at once instead of after the session
 * timeout when the process restarts. Its client, consumer (lag included), producer and task metrics go to the
 * service's meter registry, tagged {@code streams=<name>}.
 */
public final class ManagedStreams implements AutoCloseable {
    private final String name;
    private final KafkaStreams streams;
    private final Duration closeTimeout;
    private final KafkaStreamsMetrics metrics;

    public ManagedStreams(
            String name, Topology topology, Properties properties, Duration closeTimeout, MeterRegistry meters) {
        this.name = name;
        Properties withMeters = new Properties();
        withMeters.putAll(properties);
        withMeters.put(DeadLetterHandlers.METERS, meters); // the exception handlers count their dead letters too
        this.streams = new KafkaStreams(topology, withMeters);
        this.closeTimeout = closeTimeout;
        this.metrics = new KafkaStreamsMetrics(streams, Tags.of("streams", name));
        metrics.bindTo(meters);
    }

    /** Starts processing; {@code onFatal} is told (on the stream thread, so it must not block) when the client dies. */
    public void start(Runnable onFatal) {
        streams.setUncaughtExceptionHandler(new StreamsFailurePolicy(name, onFatal));
        streams.start();
    }

    public String name() {
        return name;
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    @Override
    public void close() {
        streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(closeTimeout));
        metrics.close();
    }
}
