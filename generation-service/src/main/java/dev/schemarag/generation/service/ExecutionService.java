package dev.schemarag.generation.service;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaCanary;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.ManagedStreams;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.execution.ExecutionPipeline;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.kafka.ExecutionTopology;
import dev.schemarag.generation.kafka.StageWorkers;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The execution Kafka Streams app: runs the answers of databases registered with {@code execute} through the
 * {@link QueryExecutor} and publishes their rows, repairing a statement that failed at run time with the configured
 * LLM (without one, a failure is dead-lettered as it is). A repaired statement is validated (lint, guard, EXPLAIN as
 * the reader) before it runs. It does not start when a database's reader login could change that database.
 */
public final class ExecutionService implements AutoCloseable {
    /** The application id (and consumer group) under the topic prefix: {@code <prefix>execution}. */
    public static final String APPLICATION_ID = "execution";

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * Enough runs for the JIT compiler to compile the guard's parser and the driver's hot paths: in process, the first
     * 500 runs of a small statement took 1.16 ms of CPU each, the 500 after them 0.63 and, after 1,500, 0.36. At most
     * this long, so that a start waits two seconds at most.
     */
    private static final int WARM_UP_ROUNDS = 500;

    private static final Duration WARM_UP_TIME = Duration.ofSeconds(2);
    private static final SqlGenerator NO_REPAIR =
            (request, deadline) -> GenerationOutcome.unavailable("no LLM configured to repair the statement");

    private static final Logger log = LoggerFactory.getLogger(ExecutionService.class);

    private final DatabaseRegistry databases;
    private final ExecutionPipeline pipeline;
    private final TargetDatabasesByDialect targets;
    private final StageWorkers workers;
    private final ManagedStreams streams;
    private final Map<String, Object> adminConfig;
    private final String topicPrefix;
    private final String applicationId;

    /**
     * @param executor runs the statements; closed by its owner after this service
     * @param maxRows rows read at most per answer
     */
    public ExecutionService(
            String applicationId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Path stateDir,
            Topics topics,
            Settings settings,
            DatabaseRegistry databases,
            QueryExecutor executor,
            int maxRows,
            MeterRegistry meters) {
        settings.validate(ExecutionStageSettings.declared());
        Duration punctuateInterval = GenerationSettings.punctuateInterval(settings);
        // Refuses limits the poll interval cannot cover, before anything connects.
        Properties properties = StreamsProperties.of(
                applicationId,
                bootstrapServers,
                security,
                topics.deadLetter(DeadLetterTopic.UNKNOWN),
                "execution",
                stateDir,
                StreamsSettings.from(settings),
                ExecutionTopology.LONGEST_STEP);
        // An idle poll returns in time for the next punctuation, which forwards the results finished meanwhile.
        properties.put(StreamsConfig.POLL_MS_CONFIG, punctuateInterval.toMillis());
        this.applicationId = applicationId;
        this.adminConfig = security.clientConfig(bootstrapServers);
        this.topicPrefix = topics.prefix();
        targets = GenerationSettings.targetDatabases(settings, databases);
        try {
            targets.verifyReaders();
        } catch (RuntimeException e) {
            targets.close();
            throw e;
        }
        this.databases = databases;
        pipeline = new ExecutionPipeline(
                executor,
                GenerationService.llm(settings, meters).orElse(NO_REPAIR),
                targets,
                new StatementValidator(
                        targets,
                        GenerationSettings.statementLimits(settings),
                        GenerationSettings.structuralBudget(settings)),
                settings.get(GenerationSettings.MAX_ATTEMPTS),
                maxRows,
                GenerationSettings.recordDeadline(settings),
                System::nanoTime);
        workers = new StageWorkers("execution", settings.get(ExecutionStageSettings.WORKERS));
        StreamsBuilder builder = new StreamsBuilder();
        ExecutionTopology.build(builder, topics, pipeline, workers, punctuateInterval, meters);
        streams = new ManagedStreams("execution", builder.build(), properties, CLOSE_TIMEOUT, meters);
    }

    /**
     * Starts the stream client, once a {@link KafkaCanary} record went through (or could not).
     *
     * @param onFatal told when the client has died (see {@link ManagedStreams#start})
     */
    public void start(Runnable onFatal) {
        KafkaCanary.warmUp(adminConfig, topicPrefix, applicationId);
        warmUp();
        streams.start(onFatal);
    }

    /**
     * Runs the execution path on the databases whose answers are executed ({@link ExecutionPipeline#warmUp}), in turn
     * and within {@link #WARM_UP_TIME} in all: the compiled code serves them all, so the first ones matter most.
     */
    private void warmUp() {
        long deadline = System.nanoTime() + WARM_UP_TIME.toNanos();
        for (RegisteredDatabase db : databases.all()) {
            if (!db.execute()) continue;
            long started = System.nanoTime();
            if (started >= deadline) return;
            int ran = pipeline.warmUp(db.id(), WARM_UP_ROUNDS, Duration.ofNanos(deadline - started));
            log.info(
                    "Warmed up execution on database {}: {} statements in {} ms",
                    db.id(),
                    ran,
                    (System.nanoTime() - started) / 1_000_000);
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
