package dev.schemarag.ingest.kafka;

import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.DeadLetterRouting;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.cdc.ChangePublisher;
import dev.schemarag.ingest.updater.CatalogUpdate;
import dev.schemarag.ingest.updater.RefreshCoverage;
import dev.schemarag.ingest.updater.RefreshResult;
import dev.schemarag.ingest.updater.TableRefresher;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.IntToLongFunction;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/** {@code SchemaChanged} → re-embed in pgvector → compacted schema.catalog (tombstone on drop), or the ingest DLQ. */
public final class EmbeddingUpdaterTopology {
    private EmbeddingUpdaterTopology() {}

    /**
     * @param refresh {@link TableRefresher#apply} in production
     * @param newestPublished the newest offset this process published in a partition of the topic, -1 when none
     *     ({@link ChangePublisher#newestOffset}): what tells a refresh which later changes it will already see
     * @param catalogVersion a database's catalog version in the store, for {@link UpdaterMeters}
     */
    public static void build(
            StreamsBuilder builder,
            Topics topics,
            Function<SchemaChanged, RefreshResult> refresh,
            IntToLongFunction newestPublished,
            MeterRegistry meters,
            Function<String, OptionalLong> catalogVersion) {
        Topic<String, SchemaChanged> source = topics.schemaChanges();
        UpdaterMeters updater = new UpdaterMeters(meters, catalogVersion);
        KStream<String, Outcome<List<CatalogUpdate>>> outcomes = builder.stream(source.name(), source.consumed())
                .processValues(() -> new Refresh(
                        refresh,
                        newestPublished,
                        source.valueSerde().serializer(),
                        updater,
                        meters.config().clock()));
        DeadLetterRouting.route(outcomes, topics, meters, Stage.INGEST)
                .flatMap((key, updates) -> updates.stream()
                        .map(u -> KeyValue.pair(u.key(), u.entry()))
                        .toList())
                .to(topics.schemaCatalog().name(), topics.schemaCatalog().produced());
    }

    /**
     * Applies each change that no earlier refresh already covers ({@link RefreshCoverage}); a failure carries the
     * change's coordinates and bytes, so that it can be replayed.
     */
    private static final class Refresh
            implements FixedKeyProcessor<String, SchemaChanged, Outcome<List<CatalogUpdate>>> {
        private final Function<SchemaChanged, RefreshResult> refresh;
        private final IntToLongFunction newestPublished;
        private final RefreshCoverage coverage = new RefreshCoverage();
        private final Serializer<SchemaChanged> changeBytes;
        private final UpdaterMeters meters;
        private final Clock clock;
        private FixedKeyProcessorContext<String, Outcome<List<CatalogUpdate>>> context;

        Refresh(
                Function<SchemaChanged, RefreshResult> refresh,
                IntToLongFunction newestPublished,
                Serializer<SchemaChanged> changeBytes,
                UpdaterMeters meters,
                Clock clock) {
            this.refresh = refresh;
            this.newestPublished = newestPublished;
            this.changeBytes = changeBytes;
            this.meters = meters;
            this.clock = clock;
        }

        @Override
        public void init(FixedKeyProcessorContext<String, Outcome<List<CatalogUpdate>>> context) {
            this.context = context;
            // A task starts again after an aborted transaction: what it refreshed then may not have been published.
            coverage.clear();
        }

        @Override
        public void process(FixedKeyRecord<String, SchemaChanged> record) {
            SchemaChanged change = record.value();
            Optional<RecordMetadata> at = context.recordMetadata();
            if (at.isPresent()
                    && coverage.covers(change, at.get().partition(), at.get().offset())) {
                meters.coalesced(change, clock.wallTime());
                context.forward(record.withValue(Outcome.delivered(List.of())));
                return;
            }
            // Read before the refresh begins: every change published by then had committed, so the refresh sees it.
            long newestBefore = at.map(m -> Math.max(m.offset(), newestPublished.applyAsLong(m.partition())))
                    .orElse(-1L);
            RefreshResult result = refresh.apply(change);
            if (result instanceof RefreshResult.Refreshed) {
                meters.refreshed(change, clock.wallTime());
                at.ifPresent(m -> coverage.refreshed(change, m.partition(), newestBefore));
            }
            Outcome<List<CatalogUpdate>> outcome = result instanceof RefreshResult.Failed failed
                    ? Outcome.deadLettered(Failures.ofRecord(
                                    Stage.INGEST, failed.errorClass(), failed.message(), record, at, changeBytes)
                            .build())
                    : Outcome.delivered(((RefreshResult.Refreshed) result).updates());
            context.forward(record.withValue(outcome));
        }

        @Override
        public void close() {
            coverage.clear();
        }
    }
}
