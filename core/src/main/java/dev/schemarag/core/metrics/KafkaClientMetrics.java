package dev.schemarag.core.metrics;

/** Which of the Kafka clients' own metrics a service exposes at {@code /metrics} ({@link KafkaClientMeterFilter}). */
public enum KafkaClientMetrics {
    /** Lag, throughput and commit and produce latency: the ones a dashboard reads; a scrape of a few hundred series. */
    DASHBOARD,
    /** Every metric of every client, task, processor node, state store and broker connection. */
    ALL
}
