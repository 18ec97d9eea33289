package dev.schemarag.ingest.updater;

import dev.schemarag.core.kafka.DeadLetterTopic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.SchemaChanged;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;

import java.util.function.Function;

/** {@code SchemaChanged} → re-embed in pgvector → compacted schema.catalog (tombstone on drop), or the ingest DLQ. */
public final class EmbeddingUpdaterTopology {
    private EmbeddingUpdaterTopology() {}

    /** {@code refresh} is {@link TableRefresher#apply} in production. */
    public static void build(StreamsBuilder builder, Topics topics, Function<SchemaChanged, RefreshResult> refresh) {
        builder.stream(topics.schemaChanges().name(), topics.schemaChanges().consumed())
                .mapValues(refresh::apply)
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
