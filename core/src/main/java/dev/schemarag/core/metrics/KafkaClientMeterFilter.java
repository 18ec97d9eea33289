package dev.schemarag.core.metrics;

import io.micrometer.core.instrument.config.MeterFilter;
import java.util.Set;

/**
 * Keeps, of the Kafka clients' own metrics (Micrometer's {@code kafka.*} meters from the Kafka Streams binder), those a
 * dashboard of the pipeline reads, and denies the rest before they are registered. A stream client with its
 * consumers, producers and admin client exposes some three thousand series, most of them per task, processor node,
 * state store, broker connection or topic: about 3,500 series and 0.6 MB a scrape, rendered at the service's expense.
 * What stays: the stream threads' throughput and the latency of their process, poll and commit; the clients' liveness;
 * the consumers' lag (per partition and its maximum), consumed records and fetch latency, and
 * their offset commits and rebalances; the producers' sends, errors, request latency and transaction commits.
 * With {@link KafkaClientMetrics#ALL} the registry goes without this filter and keeps them all.
 */
public final class KafkaClientMeterFilter {
    private static final String KAFKA = "kafka.";

    /** Meter names as the binder writes them: {@code kafka.<group without -metrics>.<name>}, dashes to dots. */
    static final Set<String> KEPT = Set.of(
            "kafka.stream.alive.stream.threads",
            "kafka.stream.failed.stream.threads",
            "kafka.stream.thread.process.rate",
            "kafka.stream.thread.process.total",
            "kafka.stream.thread.process.latency.avg",
            "kafka.stream.thread.process.latency.max",
            "kafka.stream.thread.poll.rate",
            "kafka.stream.thread.poll.latency.avg",
            "kafka.stream.thread.poll.latency.max",
            "kafka.stream.thread.commit.rate",
            "kafka.stream.thread.commit.total",
            "kafka.stream.thread.commit.latency.avg",
            "kafka.stream.thread.commit.latency.max",
            "kafka.stream.thread.punctuate.rate",
            "kafka.stream.thread.punctuate.latency.avg",
            "kafka.consumer.fetch.manager.records.lag",
            "kafka.consumer.fetch.manager.records.lag.max",
            "kafka.consumer.fetch.manager.records.consumed.rate",
            "kafka.consumer.fetch.manager.records.consumed.total",
            "kafka.consumer.fetch.manager.fetch.latency.avg",
            "kafka.consumer.fetch.manager.fetch.latency.max",
            "kafka.consumer.coordinator.commit.rate",
            "kafka.consumer.coordinator.commit.total",
            "kafka.consumer.coordinator.commit.latency.avg",
            "kafka.consumer.coordinator.commit.latency.max",
            "kafka.consumer.coordinator.assigned.partitions",
            "kafka.consumer.coordinator.rebalance.total",
            "kafka.consumer.coordinator.failed.rebalance.total",
            "kafka.producer.record.send.rate",
            "kafka.producer.record.send.total",
            "kafka.producer.record.error.rate",
            "kafka.producer.record.error.total",
            "kafka.producer.request.latency.avg",
            "kafka.producer.request.latency.max",
            "kafka.producer.txn.commit.time.ns.total",
            "kafka.producer.txn.abort.time.ns.total");

    private KafkaClientMeterFilter() {}

    /** Denies the Kafka clients' meters but the kept ones; every other meter passes. */
    public static MeterFilter dashboard() {
        return MeterFilter.denyUnless(id -> !id.getName().startsWith(KAFKA) || KEPT.contains(id.getName()));
    }
}
