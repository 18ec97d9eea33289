package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaCanary;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.ManagedStreams;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.CatalogNotifications;
import dev.schemarag.core.store.Database;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.TableChooser;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.cache.CacheFront;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.CatalogLoads;
import dev.schemarag.retrieval.index.InMemoryVectorIndex;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.llm.OpenAiTableChooser;
import dev.schemarag.retrieval.pgvector.PgVectorSchemaIndex;
import dev.schemarag.retrieval.pgvector.PostgresAnswerCacheProbe;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;

/**
 * The retrieval service assembled: the pgvector index (searched in memory or in the store), the retriever, the answer
 * cache's probe in front of it, its Kafka Streams topology, and the loading of every stored catalog at start.
 */
public final class RetrievalService implements AutoCloseable {
    /** The application id (and consumer group) under the topic prefix: {@code <prefix>retrieval}. */
    public static final String APPLICATION_ID = "retrieval";

    private static final int EMBEDDING_CACHE = 1024;
    /** The longest retrieving one question's context may take: embedding it and searching the index. */
    static final Duration LONGEST_RECORD = Duration.ofSeconds(10);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    public static final Setting<Integer> CATALOG_POLL_MS = Setting.integer(
            "retrieval.catalog.poll.ms",
            1_000,
            1,
            60_000,
            "the longest retrieval waits between two checks for catalog changes: the store notifies it of each committed"
                    + " change (LISTEN), so this only bounds how late a change is seen when a notification is lost or"
                    + " the store cannot notify; changes are applied in the background, and questions never wait for"
                    + " them");

    private final SchemaRetriever retriever;
    private final CacheFront front;
    private final MeterRegistry meters;
    private final CatalogFollower catalogs;
    private final Optional<OpenAiTableChooser> chooser;
    private ManagedStreams streams;

    /**
     * @param catalogPoll the longest wait between two checks for catalog changes, which the store otherwise notifies
     *     ({@link #CATALOG_POLL_MS})
     * @param meters where the stream client and the retrievals it runs are measured
     * @param chooser the model of the optional LLM selection step ({@code retrieval.llm.select}), if one is
     *     configured; closed with the service
     */
    public RetrievalService(
            Database store,
            EmbeddingModel model,
            RetrievalSettings settings,
            VectorSearch vectorSearch,
            Duration catalogPoll,
            MeterRegistry meters,
            Optional<OpenAiTableChooser> chooser) {
        CatalogMeters loads = new CatalogMeters(meters);
        this.chooser = chooser;
        this.retriever = new SchemaRetriever(
                index(store, vectorSearch, loads),
                model,
                settings,
                EMBEDDING_CACHE,
                loads,
                chooser.map(TableChooser.class::cast));
        this.front = new CacheFront(new PostgresAnswerCacheProbe(store), settings);
        this.meters = meters;
        this.catalogs = new CatalogFollower(retriever, new CatalogNotifications(store), catalogPoll);
        RetrievalMeters.bindEmbeddingCache(meters, retriever);
    }

    private static SchemaIndex index(Database store, VectorSearch vectorSearch, CatalogLoads loads) {
        PgVectorSchemaIndex pgvector = new PgVectorSchemaIndex(store);
        return switch (vectorSearch) {
            case MEMORY -> new InMemoryVectorIndex(pgvector, pgvector, loads);
            case STORE -> pgvector;
        };
    }

    /**
     * Down until every stored catalog is loaded, which {@link #start} begins: for the service's {@code /ready}, so
     * that no first question waits for a load.
     */
    public ReadinessCheck catalogReadiness() {
        return catalogs.readiness();
    }

    /** The retriever itself, for direct calls (demo, benchmark) that need no broker. */
    public SchemaRetriever retriever() {
        return retriever;
    }

    /**
     * Starts the stream client under its own application id, {@code <prefix>retrieval}.
     *
     * @param onFatal told when the client has died (see {@link ManagedStreams#start})
     */
    public void start(
            String bootstrapServers,
            KafkaClientSecurity security,
            Topics topics,
            Path stateDir,
            StreamsSettings limits,
            Runnable onFatal) {
        start(topics.prefix() + APPLICATION_ID, bootstrapServers, security, topics, stateDir, limits, onFatal);
    }

    /**
     * Starts the stream client under {@code applicationId}, e.g. a throw-away pipeline's that never touches the
     * service's group.
     *
     * @param onFatal told when the client has died (see {@link ManagedStreams#start})
     */
    public void start(
            String applicationId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Topics topics,
            Path stateDir,
            StreamsSettings limits,
            Runnable onFatal) {
        TopicCreator.ensure(bootstrapServers, security, topics, limits.topics());
        catalogs.start(databases -> {
            RetrievalTopology.warmUp(topics, retriever, front, databases);
            KafkaCanary.warmUp(security.clientConfig(bootstrapServers), topics.prefix(), applicationId);
        });
        StreamsBuilder builder = new StreamsBuilder();
        RetrievalTopology.build(builder, topics, retriever, front, meters);
        streams = new ManagedStreams(
                "retrieval",
                builder.build(),
                StreamsProperties.of(
                        applicationId,
                        bootstrapServers,
                        security,
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL),
                        "retrieval",
                        stateDir,
                        limits,
                        LONGEST_RECORD),
                CLOSE_TIMEOUT,
                meters);
        streams.start(onFatal);
    }

    /** The stream client's state; {@code CREATED} before {@link #start}. */
    public KafkaStreams.State state() {
        return streams == null ? KafkaStreams.State.CREATED : streams.state();
    }

    @Override
    public void close() {
        catalogs.close();
        if (streams != null) streams.close();
        chooser.ifPresent(OpenAiTableChooser::close);
    }
}
