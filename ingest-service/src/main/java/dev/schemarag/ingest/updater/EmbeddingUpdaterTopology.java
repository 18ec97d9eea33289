package dev.schemarag.ingest.updater;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SchemaChanged;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/** {@code SchemaChanged} → re-embed in pgvector → compacted schema.catalog (tombstone on drop), or the ingest DLQ. */
public final class EmbeddingUpdaterTopology {
    private EmbeddingUpdaterTopology() {}

    /** {@code refresh} is {@link TableRefresher#apply} in production. */
    public static void build(StreamsBuilder builder, Topics topics, Function<SchemaChanged, RefreshResult> refresh) {
        Topic<String, SchemaChanged> source = topics.schemaChanges();
        Topic<String, FailureRecord> dlq = topics.deadLetter(DeadLetterTopic.INGEST); // every class, see ErrorClass
        builder.stream(source.name(), source.consumed())
                .processValues(() -> new Refresh(refresh, source.valueSerde().serializer()))
                .split()
                .branch((key, outcome) -> outcome.isDeadLettered(), Branched.withConsumer(failed -> failed.mapValues(
                                Outcome::failure)
                        .to(dlq.name(), dlq.produced())))
                .defaultBranch(Branched.withConsumer(ok -> ok.flatMap((key, outcome) -> outcome.value().stream()
                                .map(u -> KeyValue.pair(u.key(), u.entry()))
                                .toList())
                        .to(
                                topics.schemaCatalog().name(),
                                topics.schemaCatalog().produced())));
    }

    /** Applies each change; a failure carries the change's coordinates and bytes, so that it can be replayed. */
    private static final class Refresh
            implements FixedKeyProcessor<String, SchemaChanged, Outcome<List<CatalogUpdate>>> {
        private final Function<SchemaChanged, RefreshResult> refresh;
        private final Serializer<SchemaChanged> changeBytes;
        private FixedKeyProcessorContext<String, Outcome<List<CatalogUpdate>>> context;

        Refresh(Function<SchemaChanged, RefreshResult> refresh, Serializer<SchemaChanged> changeBytes) {
            this.refresh = refresh;
            this.changeBytes = changeBytes;
        }

        @Override
        public void init(FixedKeyProcessorContext<String, Outcome<List<CatalogUpdate>>> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, SchemaChanged> record) {
            RefreshResult result = refresh.apply(record.value());
            Outcome<List<CatalogUpdate>> outcome = result instanceof RefreshResult.Failed failed
                    ? Outcome.deadLettered(Failures.ofRecord(
                                    Stage.INGEST,
                                    failed.errorClass(),
                                    failed.message(),
                                    record,
                                    context.recordMetadata(),
                                    changeBytes)
                            .build())
                    : Outcome.delivered(((RefreshResult.Refreshed) result).updates());
            context.forward(record.withValue(outcome));
        }
    }
}
