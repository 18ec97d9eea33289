package dev.schemarag.ingest.updater;

import dev.schemarag.core.kafka.DeadLetterTopic;
import dev.schemarag.core.kafka.Topics;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;

/** {@code SchemaChanged} → re-embed in pgvector → compacted schema.catalog (tombstone on drop), or the ingest DLQ. */
public final class EmbeddingUpdaterTopology {
    private EmbeddingUpdaterTopology() {}

    public static void build(StreamsBuilder builder, Topics topics, TableRefresher refresher) {
        builder.stream(topics.schemaChanges().name(), topics.schemaChanges().consumed())
                .mapValues(refresher::apply)
                .split()
                .branch((key, result) -> result.isFailure(), Branched.withConsumer(failed -> failed
                        .mapValues(RefreshResult::failure)
                        .to(topics.deadLetter(DeadLetterTopic.INGEST).name(), topics.deadLetter(DeadLetterTopic.INGEST).produced())))
                .defaultBranch(Branched.withConsumer(ok -> ok
                        .flatMap((key, result) -> result.updates().stream()
                                .map(u -> KeyValue.pair(u.key(), u.entry())).toList())
                        .to(topics.schemaCatalog().name(), topics.schemaCatalog().produced())));
    }
}
