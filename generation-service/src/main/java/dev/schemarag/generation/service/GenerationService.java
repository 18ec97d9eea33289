package dev.schemarag.generation.service;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.kafka.KafkaCanary;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.ManagedStreams;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.cache.CachedAnswerReviews;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.kafka.ExampleRecheckTopology;
import dev.schemarag.generation.kafka.FeedbackTopology;
import dev.schemarag.generation.kafka.GenerationTopology;
import dev.schemarag.generation.kafka.StageWorkers;
import dev.schemarag.generation.llm.LlmMeters;
import dev.schemarag.generation.llm.OpenAiCompatibleSqlGenerator;
import dev.schemarag.generation.postgres.PostgresAnswerCache;
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.generation.staleness.ExampleRechecks;
import dev.schemarag.generation.staleness.ExampleReplanner;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The generation + validation Kafka Streams app: the configured LLM, or verified examples when none is configured,
 * validated by EXPLAIN on the registered databases. Validated answers become candidate examples, which people approve
 * or reject on the feedback topic; only documented queries and approved answers answer offline. After every captured
 * schema change (schema-changes), the examples reading the changed table are planned again: a broken one is
 * quarantined until a later change makes it plan again ({@link ExampleRecheckTopology}). A repeated question gets
 * the model's earlier answer from the answer cache while the tables it reads have not changed
 * ({@link GenerationSettings#answerCache}).
 * It does not start when a database's reader login could change that database (see
 * {@link TargetDatabasesByDialect#verifyReaders()}).
 */
public final class GenerationService implements AutoCloseable {
    /** The application id (and consumer group) under the topic prefix: {@code <prefix>generation}. */
    public static final String APPLICATION_ID = "generation";
    /**
     * The id of earlier versions, {@code <prefix>schemarag-generation}: the service carries its committed offsets over
     * once, so an upgrade resumes where it stopped instead of answering every question again from the earliest offset.
     */
    public static final String LEGACY_APPLICATION_ID = "schemarag-generation";

    private static final Logger log = LoggerFactory.getLogger(GenerationService.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * The longest one EXPLAIN of an example re-checked after a schema change may run (less when the statement timeout
     * is): re-checks run on the stream thread, and an example whose plan takes longer stays as it is.
     */
    private static final Duration RECHECK_EXPLAIN_AT_MOST = Duration.ofSeconds(5);

    private final TargetDatabasesByDialect targets;
    private final StageWorkers workers;
    private final ManagedStreams streams;
    private final Map<String, Object> adminConfig;
    private final String topicPrefix;
    private final String applicationId;
    private final Optional<String> legacyApplicationId;

    /** The service under its own application id, {@code <prefix>generation}. */
    public GenerationService(
            String bootstrapServers,
            KafkaClientSecurity security,
            Path stateDir,
            Topics topics,
            Settings settings,
            DatabaseRegistry databases,
            Database store,
            EmbeddingModel model,
            MeterRegistry meters) {
        this(
                topics.prefix() + APPLICATION_ID,
                bootstrapServers,
                security,
                stateDir,
                topics,
                settings,
                databases,
                store,
                model,
                meters);
    }

    /** The service under {@code applicationId}, e.g. a throw-away pipeline's that never touches the service's group. */
    public GenerationService(
            String applicationId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Path stateDir,
            Topics topics,
            Settings settings,
            DatabaseRegistry databases,
            Database store,
            EmbeddingModel model,
            MeterRegistry meters) {
        settings.validate(GenerationSettings.declared());
        Duration recordDeadline = GenerationSettings.recordDeadline(settings);
        Duration punctuateInterval = GenerationSettings.punctuateInterval(settings);
        // Refuses limits the poll interval cannot cover, before anything connects.
        Properties properties = StreamsProperties.of(
                applicationId,
                bootstrapServers,
                security,
                topics.deadLetter(DeadLetterTopic.UNKNOWN),
                "validation",
                stateDir,
                StreamsSettings.from(settings),
                GenerationTopology.LONGEST_STEP);
        // An idle poll returns in time for the next punctuation, which forwards the answers finished meanwhile.
        properties.put(StreamsConfig.POLL_MS_CONFIG, punctuateInterval.toMillis());
        this.applicationId = applicationId;
        this.legacyApplicationId = applicationId.equals(topics.prefix() + APPLICATION_ID)
                ? Optional.of(topics.prefix() + LEGACY_APPLICATION_ID)
                : Optional.empty();
        this.adminConfig = security.clientConfig(bootstrapServers);
        this.topicPrefix = topics.prefix();
        VerifiedExampleStore examples = new VerifiedExampleStore(store, model);
        targets = GenerationSettings.targetDatabases(settings, databases);
        try {
            targets.verifyReaders();
        } catch (RuntimeException e) {
            targets.close();
            throw e;
        }
        PostgresAnswerCache cache = new PostgresAnswerCache(store);
        AnswerPipeline pipeline = new AnswerPipeline(
                generator(settings, examples, meters),
                targets,
                examples,
                settings.get(GenerationSettings.MAX_ATTEMPTS),
                GenerationSettings.statementLimits(settings),
                GenerationSettings.structuralBudget(settings),
                recordDeadline,
                System::nanoTime,
                GenerationSettings.answerCache(settings, cache, meters));
        workers = new StageWorkers(
                "generation",
                settings.get(GenerationSettings.CONCURRENCY),
                settings.get(GenerationSettings.LLM_MAX_IN_FLIGHT));
        StreamsBuilder builder = new StreamsBuilder();
        GenerationTopology.build(builder, topics, pipeline, workers, punctuateInterval, meters);
        FeedbackTopology.build(builder, topics, new CachedAnswerReviews(examples, cache));
        ExampleRechecks rechecks = new ExampleRechecks(
                examples,
                new ExampleReplanner(
                        new StatementValidator(
                                targets,
                                GenerationSettings.statementLimits(settings),
                                GenerationSettings.structuralBudget(settings)),
                        RECHECK_EXPLAIN_AT_MOST));
        ExampleRecheckTopology.build(builder, topics, rechecks);
        streams = new ManagedStreams("generation", builder.build(), properties, CLOSE_TIMEOUT, meters);
    }

    /** The LLM when {@code llm.base.url} is set, else the offline verified-example generator. */
    public static SqlGenerator generator(Settings settings, VerifiedExampleStore examples, MeterRegistry meters) {
        return llm(settings, meters).orElseGet(() -> {
            log.info("generator: verified examples (no llm.base.url configured)");
            return new VerifiedExampleGenerator(
                    examples, GenerationSettings.exampleThreshold(settings, examples.modelId()));
        });
    }

    /** The OpenAI-compatible endpoint, when {@code llm.base.url} is set. */
    public static Optional<SqlGenerator> llm(Settings settings, MeterRegistry meters) {
        return LlmSettings.from(settings).map(llm -> {
            log.info("generator: OpenAI-compatible endpoint {}", llm);
            return new OpenAiCompatibleSqlGenerator(llm, new LlmMeters(meters));
        });
    }

    /**
     * Starts the stream client, once a {@link KafkaCanary} record went through (or could not): the first question
     * does not pay for the Kafka clients' first record.
     *
     * @param onFatal told when the client has died (see {@link ManagedStreams#start})
     */
    public void start(Runnable onFatal) {
        legacyApplicationId.ifPresent(this::carryOverOffsets);
        KafkaCanary.warmUp(adminConfig, topicPrefix, applicationId);
        streams.start(onFatal);
    }

    private void carryOverOffsets(String legacy) {
        try (Admin admin = Admin.create(adminConfig)) {
            if (ConsumerGroups.carryOver(admin, legacy, applicationId))
                log.info("moved the committed offsets of the consumer group {} to {}", legacy, applicationId);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while moving the offsets of " + legacy, e);
        }
    }

    /** Follows a change of the registrations: removed or changed databases lose their pool and reader check. */
    public void apply(DatabaseRegistry.Changes changes) {
        changes.removed().forEach(db -> targets.forget(db.id()));
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    @Override
    public void close() {
        streams.close();
        // After the streams: their tasks have cancelled their runs, whose results nobody would forward now.
        workers.close();
        targets.close();
    }
}
