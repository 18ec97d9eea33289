package dev.schemarag.ingest.service;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.annotations.AnnotationsLoader;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.ManagedStreams;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.retry.BudgetedRetry;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.cdc.BinlogCaptureSource;
import dev.schemarag.ingest.cdc.CaptureSource;
import dev.schemarag.ingest.cdc.CaptureStatus;
import dev.schemarag.ingest.cdc.ChangePublisher;
import dev.schemarag.ingest.cdc.DdlCaptureInstaller;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import dev.schemarag.ingest.cdc.PostgresCaptureSource;
import dev.schemarag.ingest.docs.DocChunk;
import dev.schemarag.ingest.docs.DocsLoader;
import dev.schemarag.ingest.introspect.EdgeSampler;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import dev.schemarag.ingest.kafka.EmbeddingUpdaterTopology;
import dev.schemarag.ingest.postgres.PgVectorSchemaWrites;
import dev.schemarag.ingest.postgres.PostgresEdgeSampler;
import dev.schemarag.ingest.postgres.PostgresRoleMemberships;
import dev.schemarag.ingest.roles.RoleMembershipCapture;
import dev.schemarag.ingest.sync.AccessSync;
import dev.schemarag.ingest.sync.RelationshipSync;
import dev.schemarag.ingest.sync.SchemaIndexer;
import dev.schemarag.ingest.sync.SchemaStore;
import dev.schemarag.ingest.sync.SchemaStoreException;
import dev.schemarag.ingest.sync.SchemaSync;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import dev.schemarag.ingest.text.EmbedTextBudget;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.ingest.updater.TableRefresher;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;

/**
 * The ingest service assembled: full sync on demand, and live sync — one Debezium DDL capture per registered
 * database feeding the schema-changes topic, and the Kafka Streams embedding updater consuming it.
 */
public final class IngestService implements AutoCloseable {
    /** The directory under a process's state directory that ingest keeps its state in (offsets, Streams). */
    public static final String STATE_SUBDIR = "ingest";

    /** The embedding updater's application id (and consumer group) under the topic prefix, and its streams' name. */
    public static final String UPDATER_APPLICATION_ID = "embedding-updater";

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(IngestService.class);
    /** One last attempt may outlast the retry budget by its connect timeout, plus embedding and writes. */
    private static final Duration REFRESH_MARGIN = Duration.ofSeconds(30);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Connection settings of the service; the replication role is created by the DDL capture installer.
     * {@code roleMembershipPoll} is how often the memberships of the mapped roles are compared with their last reading
     * ({@link RoleMembershipCapture}).
     */
    public record Config(
            String bootstrapServers,
            KafkaClientSecurity security,
            Path stateDir,
            String replicationRole,
            String replicationPassword,
            long cdcPollIntervalMs,
            Recovery recovery,
            DataCheckPolicy dataCheck,
            Duration roleMembershipPoll,
            EmbedTextBudget embedTextBudget) {
        /** The connection settings, with the default fault handling, no data check and the default membership poll. */
        public static Config of(
                String bootstrapServers,
                KafkaClientSecurity security,
                Path stateDir,
                String replicationRole,
                String replicationPassword,
                long cdcPollIntervalMs) {
            return new Config(
                    bootstrapServers,
                    security,
                    stateDir,
                    replicationRole,
                    replicationPassword,
                    cdcPollIntervalMs,
                    Recovery.DEFAULTS,
                    DataCheckPolicy.OFF,
                    Duration.ofMillis(IngestSettings.ROLE_MEMBERSHIP_POLL_MS.defaultValue()),
                    new EmbedTextBudget(IngestSettings.EMBED_TEXT_MAX_TOKENS.defaultValue()));
        }

        public Config withRecovery(Recovery recovery) {
            return tuned(recovery, dataCheck, roleMembershipPoll, embedTextBudget);
        }

        public Config withDataCheck(DataCheckPolicy dataCheck) {
            return tuned(recovery, dataCheck, roleMembershipPoll, embedTextBudget);
        }

        public Config withRoleMembershipPoll(Duration roleMembershipPoll) {
            return tuned(recovery, dataCheck, roleMembershipPoll, embedTextBudget);
        }

        public Config withEmbedTextBudget(EmbedTextBudget embedTextBudget) {
            return tuned(recovery, dataCheck, roleMembershipPoll, embedTextBudget);
        }

        /** The same connection with these tunables: the withers' one copy of the constructor. */
        private Config tuned(
                Recovery recovery,
                DataCheckPolicy dataCheck,
                Duration roleMembershipPoll,
                EmbedTextBudget embedTextBudget) {
            return new Config(
                    bootstrapServers,
                    security,
                    stateDir,
                    replicationRole,
                    replicationPassword,
                    cdcPollIntervalMs,
                    recovery,
                    dataCheck,
                    roleMembershipPoll,
                    embedTextBudget);
        }
    }

    /**
     * How the service rides out faults (see {@link IngestSettings}): {@code refreshRetryBudget} bounds the time one
     * schema change may be retried through a store or target outage, which is the longest the updater holds a
     * record; change capture restarts after at most {@code cdcMaxRestartBackoff}, beats every {@code cdcHeartbeat}
     * and gives Kafka {@code cdcPublishTimeout} to acknowledge a change.
     */
    public record Recovery(
            Duration refreshRetryBudget,
            Duration cdcMaxRestartBackoff,
            Duration cdcHeartbeat,
            Duration cdcPublishTimeout) {
        public static final Recovery DEFAULTS = new Recovery(
                Duration.ofMillis(IngestSettings.REFRESH_RETRY_MS.defaultValue()),
                Duration.ofMillis(IngestSettings.CDC_RESTART_BACKOFF_MAX_MS.defaultValue()),
                Duration.ofMillis(IngestSettings.CDC_HEARTBEAT_INTERVAL_MS.defaultValue()),
                Duration.ofMillis(IngestSettings.CDC_PUBLISH_TIMEOUT_MS.defaultValue()));
    }

    /**
     * Whether inferred edges are checked on a sample of the target's data ({@link IngestSettings#DATA_CHECK}), how many
     * child values are read and under which statement timeout.
     */
    public record DataCheckPolicy(boolean enabled, int sampleSize, Duration timeout) {
        public static final DataCheckPolicy OFF = new DataCheckPolicy(
                false,
                IngestSettings.DATA_CHECK_SAMPLE.defaultValue(),
                Duration.ofMillis(IngestSettings.DATA_CHECK_TIMEOUT_MS.defaultValue()));
    }

    private final Config config;
    private final DatabaseRegistry databases;
    private final Supplier<Topics> topics;
    private final EmbeddingModel model;
    private final PgVectorSchemaStore store;
    private final SchemaStore writes;
    private final EmbeddingTexts texts;
    private final SchemaIndexer indexer;
    private final Map<String, Database> targets = new ConcurrentHashMap<>();
    private final Map<String, Database> readers = new ConcurrentHashMap<>();
    private final Map<String, Database> cdcLogins = new ConcurrentHashMap<>();
    private final RelationshipSync relationships;
    private final AccessSync access;
    private final Map<String, Annotations> annotations = new ConcurrentHashMap<>();
    private final Map<String, DebeziumDdlCapture> captures = new ConcurrentHashMap<>(); // read by /ready
    private KafkaProducer<String, SchemaChanged> producer;
    private ChangePublisher publisher;
    private String topicPrefix;
    private ManagedStreams updater;
    private ScheduledExecutorService roleProbe;

    public IngestService(
            Config config,
            DatabaseRegistry databases,
            Supplier<Topics> topics,
            EmbeddingModel model,
            Database storeDb) {
        this.config = config;
        this.databases = databases;
        this.topics = topics;
        this.model = model;
        this.store = new PgVectorSchemaStore(storeDb);
        this.writes = new PgVectorSchemaWrites(store);
        this.texts = EmbeddingTexts.withBudget(config.embedTextBudget());
        this.indexer = new SchemaIndexer(model, writes, texts);
        this.relationships = new RelationshipSync(writes, this::sampler);
        this.access = new AccessSync(writes);
    }

    public SyncSummary sync(String databaseId, SyncProgress progress)
            throws IntrospectionException, SchemaStoreException {
        RegisteredDatabase db = databases
                .find(databaseId)
                .orElseThrow(() -> new IllegalArgumentException("unknown database '" + databaseId + "'; registered: "
                        + databases.all().stream().map(RegisteredDatabase::id).toList()));
        annotations.remove(databaseId); // a full sync re-reads annotations edited since
        return new SchemaSync(indexer, relationships, access, model, writes)
                .sync(db, introspector(db), annotations(db), docs(db), progress);
    }

    /**
     * Installs DDL capture, starts one Debezium engine per database and the embedding updater.
     *
     * @param onFatal told when the updater's stream client has died (see {@link ManagedStreams#start})
     */
    public synchronized void startLiveSync(StreamsSettings limits, MeterRegistry meters, Runnable onFatal)
            throws SQLException, IOException {
        Files.createDirectories(config.stateDir()); // Debezium's file offset store does not create its directory
        Topics topics = this.topics.get();
        TopicCreator.ensure(config.bootstrapServers(), config.security(), topics, limits.topics());
        // The Debezium engines keep their offsets in files: this producer is their only Kafka client.
        Map<String, Object> producerProps = config.security().clientConfig(config.bootstrapServers());
        producerProps.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        producerProps.put(ProducerConfig.ACKS_CONFIG, "all");
        producerProps.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        // Past this the engine stops, unacknowledged changes stay in the slot, and the engine is restarted.
        int publishTimeout = (int) config.recovery().cdcPublishTimeout().toMillis();
        producerProps.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, publishTimeout);
        producerProps.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(30_000, publishTimeout));
        producerProps.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, publishTimeout);
        producer = new KafkaProducer<>(
                producerProps,
                topics.schemaChanges().keySerde().serializer(),
                topics.schemaChanges().valueSerde().serializer());
        publisher = new ChangePublisher(producer, topics.schemaChanges().name());
        topicPrefix = topics.prefix();
        for (RegisteredDatabase db : databases.all()) startCapture(db);
        for (RegisteredDatabase db : databases.all()) refreshEdges(db);
        startRoleMembershipCapture(); // its baseline comes before the privileges are read: no change falls between
        for (RegisteredDatabase db : databases.all()) refreshAccess(db);
        StreamsBuilder builder = new StreamsBuilder();
        TableRefresher refresher = new TableRefresher(
                databases,
                this::introspector,
                this::annotations,
                indexer,
                relationships,
                access,
                texts,
                BudgetedRetry.forOutages(),
                config.recovery().refreshRetryBudget());
        EmbeddingUpdaterTopology.build(
                builder, topics, refresher::apply, publisher::newestOffset, meters, this::catalogVersion);
        Properties props = StreamsProperties.of(
                topics.prefix() + UPDATER_APPLICATION_ID,
                config.bootstrapServers(),
                config.security(),
                topics.deadLetter(DeadLetterTopic.INGEST),
                "ingest",
                config.stateDir().resolve("streams"),
                limits,
                // A change retried through an outage keeps its exactly-once transaction open meanwhile.
                config.recovery().refreshRetryBudget().plus(REFRESH_MARGIN));
        updater = new ManagedStreams(UPDATER_APPLICATION_ID, builder.build(), props, CLOSE_TIMEOUT, meters);
        updater.start(onFatal);
    }

    /**
     * Follows a change of the registrations while live sync runs: stops the engines of removed databases (which frees
     * their replication slots, so that {@code db remove} can drop them) and starts those of added ones. A database
     * whose capture cannot start is logged and skipped; the others go on.
     */
    public synchronized void apply(DatabaseRegistry.Changes changes) {
        for (RegisteredDatabase db : changes.removed()) {
            DebeziumDdlCapture capture = captures.remove(db.id());
            if (capture != null) capture.close();
            Database target = targets.remove(db.id());
            if (target != null) target.close();
            Database reader = readers.remove(db.id());
            if (reader != null) reader.close();
            Database cdcLogin = cdcLogins.remove(db.id());
            if (cdcLogin != null) cdcLogin.close();
            annotations.remove(db.id());
            log.info("CDC engine for {} stopped: the database was unregistered", db.id());
        }
        if (producer == null) return; // live sync not started: startLiveSync starts every registered database
        for (RegisteredDatabase db : changes.added()) {
            // A registration whose principals changed comes back as removed and added: what its roles read is read
            // again (and once more when the role membership probe sees the new roles: a no-op write).
            refreshAccess(db);
            try {
                startCapture(db);
            } catch (SQLException | IOException | RuntimeException e) {
                log.warn("CDC for the newly registered {} did not start: {}", db.id(), e.getMessage());
            }
        }
    }

    /**
     * Forgets where change capture of {@code databaseId} stopped, so that its next start begins at the server's current
     * position (a full sync reconciles what it skips); a database recreated under the same id then does not replay the
     * old one's changes. Only while its capture is not running.
     */
    public synchronized void forgetCapturePosition(String databaseId) throws IOException {
        if (captures.containsKey(databaseId))
            throw new IllegalStateException("change capture of " + databaseId + " is running");
        Files.deleteIfExists(captureOffsets(config.stateDir(), databaseId));
    }

    /** The file change capture of database {@code id} stores its offsets in, under ingest's state directory. */
    public static Path captureOffsets(Path ingestStateDir, String id) {
        return ingestStateDir.resolve("cdc-offsets-" + id + ".dat");
    }

    private synchronized void startCapture(RegisteredDatabase db) throws SQLException, IOException {
        Credentials replication = replication(db);
        Path offsets = captureOffsets(config.stateDir(), db.id());
        DebeziumDdlCapture.Config capture = new DebeziumDdlCapture.Config(
                db.id(),
                db.host(),
                db.port(),
                db.databaseName(),
                replication.user(),
                replication.password(),
                offsets,
                config.cdcPollIntervalMs(),
                config.recovery().cdcHeartbeat(),
                config.recovery().cdcMaxRestartBackoff());
        CaptureSource source;
        if (db.dialect() == SqlDialect.POSTGRESQL) {
            DdlCaptureInstaller.ensure(target(db), replication.user(), replication.password());
            if (!slotExists(target(db), DebeziumDdlCapture.slotName(db.id())) && Files.deleteIfExists(offsets))
                // Offsets past a slot that is gone cannot be resumed: start from now; a full sync reconciles the gap.
                log.warn(
                        "replication slot of {} is gone; CDC restarts from the current position (run a sync to"
                                + " reconcile)",
                        db.id());
            source = new PostgresCaptureSource(capture);
        } else {
            source = new BinlogCaptureSource(
                    capture,
                    db.dialect(),
                    db.schemas(),
                    BinlogCaptureSource.historyTopic(topicPrefix, db.id()),
                    config.security().clientConfig(config.bootstrapServers()));
        }
        DebeziumDdlCapture engine = new DebeziumDdlCapture(capture, source, publisher);
        engine.start();
        captures.put(db.id(), engine);
    }

    /**
     * Starts polling the memberships of every database's mapped roles, which no event trigger reports: the first poll,
     * here, is each database's baseline; a later difference travels on the schema-changes topic like a captured GRANT.
     */
    private void startRoleMembershipCapture() {
        RoleMembershipCapture capture = new RoleMembershipCapture(
                databases::all, new PostgresRoleMemberships(this::probeLogin), publisher::publish, Clock.systemUTC());
        capture.poll();
        roleProbe = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "role-membership-capture");
            thread.setDaemon(true);
            return thread;
        });
        long interval = config.roleMembershipPoll().toMillis();
        roleProbe.scheduleWithFixedDelay(
                () -> {
                    try {
                        capture.poll();
                    } catch (RuntimeException e) {
                        // A task that throws is never run again: a bug here must not end the capture for good.
                        log.warn("role membership poll failed: {}", e.toString());
                    }
                },
                interval,
                interval,
                TimeUnit.MILLISECONDS);
    }

    /**
     * The least privileged login ingest holds for a database, for the role membership probe (whose catalogs every
     * login may read): the read-only reader when the registration has one, otherwise the replication login; never the
     * admin.
     */
    private Database probeLogin(RegisteredDatabase db) {
        if (db.reader() != null) return reader(db);
        Credentials cdc = replication(db);
        return cdcLogins.computeIfAbsent(db.id(), id -> new Database(db.jdbcUrl(), cdc.user(), cdc.password()));
    }

    /**
     * Brings the stored join edges in line with the stored catalog before live changes are applied, so that a store
     * written before edges were stored (or with the data check switched since) needs no full sync. A no-op write when
     * nothing differs; a store that cannot answer is left to the next change or sync.
     */
    private void refreshEdges(RegisteredDatabase db) {
        try {
            relationships.refresh(db.id(), null);
        } catch (SchemaStoreException e) {
            log.warn("join edges of {} not refreshed at start: {}", db.id(), e.getMessage());
        }
    }

    /**
     * Records what the database's mapped roles read before live changes are applied: role memberships granted while
     * ingest was down, or a mapping changed, are caught here. A failure is logged; the next change or sync retries.
     */
    private void refreshAccess(RegisteredDatabase db) {
        try {
            access.refresh(db, introspector(db));
        } catch (IntrospectionException | SchemaStoreException | RuntimeException e) {
            log.warn("privileges of {} not refreshed: {}", db.id(), e.getMessage());
        }
    }

    /** For the catalog-version gauge: a store that cannot answer leaves the last value in place. */
    private OptionalLong catalogVersion(String databaseId) {
        try {
            return store.catalogVersion(databaseId);
        } catch (SQLException e) {
            log.debug("catalog version of {} not read: {}", databaseId, e.getSQLState());
            return OptionalLong.empty();
        }
    }

    /**
     * Waits until every database's capture streams from a known position: a PostgreSQL database's replication slot is
     * active, a MySQL or MariaDB database's engine has its binlog position. DDL committed before that is not captured
     * (the engine starts without a snapshot of changes), so callers that make changes right away wait here first.
     */
    public void awaitCaptureReady(java.time.Duration timeout) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (RegisteredDatabase db : databases.all()) {
            String slot = DebeziumDdlCapture.slotName(db.id());
            while (db.dialect() == SqlDialect.POSTGRESQL ? !slotActive(target(db), slot) : !positioned(db)) {
                if (System.nanoTime() > deadline)
                    throw new IllegalStateException("CDC for " + db.id() + " not ready after " + timeout);
                Thread.sleep(100);
            }
        }
        while (updater.state() != KafkaStreams.State.RUNNING) {
            if (System.nanoTime() > deadline)
                throw new IllegalStateException("embedding updater not running after " + timeout);
            Thread.sleep(100);
        }
    }

    private boolean positioned(RegisteredDatabase db) {
        DebeziumDdlCapture capture = captures.get(db.id());
        return capture != null && capture.status().running() && capture.positioned();
    }

    private static boolean slotExists(Database db, String slot) throws SQLException {
        try (var c = db.borrow();
                var ps = c.prepareStatement("SELECT 1 FROM pg_replication_slots WHERE slot_name = ?")) {
            ps.setString(1, slot);
            try (var rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static boolean slotActive(Database db, String slot) throws SQLException {
        try (var c = db.borrow();
                var ps = c.prepareStatement("SELECT active FROM pg_replication_slots WHERE slot_name = ?")) {
            ps.setString(1, slot);
            try (var rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    /** The embedding updater's state; {@code CREATED} before live sync starts. */
    public KafkaStreams.State updaterState() {
        return updater == null ? KafkaStreams.State.CREATED : updater.state();
    }

    /** Whether live sync runs and every change-capture engine streams (none starting or waiting out a restart). */
    public boolean capturing() {
        return updater != null
                && captures.values().stream().allMatch(c -> c.status().running());
    }

    /** Each database's change capture: running, starting, or restarting with the error that stopped it. */
    public List<CaptureStatus> captureStatus() {
        return captures.values().stream().map(DebeziumDdlCapture::status).toList();
    }

    /**
     * The admin login: installing DDL capture needs it (event triggers take a superuser). Introspection shares the
     * connection; it only reads the catalog, and a second login would add nothing while ingest holds this one anyway.
     */
    private Database target(RegisteredDatabase db) {
        return targets.computeIfAbsent(
                db.id(),
                id -> new Database(
                        db.jdbcUrl(),
                        db.requireAdmin().user(),
                        db.requireAdmin().password()));
    }

    /** The database's own replication login when its registration has one, otherwise the service-wide role. */
    private Credentials replication(RegisteredDatabase db) {
        return db.cdc() != null ? db.cdc() : new Credentials(config.replicationRole(), config.replicationPassword());
    }

    /**
     * The data check of a database's inferred edges, as its read-only login: none when the check is off, or when the
     * database registers no reader (ingest never samples data as the admin).
     */
    private EdgeSampler sampler(String databaseId) {
        DataCheckPolicy policy = config.dataCheck();
        Optional<RegisteredDatabase> db = databases.find(databaseId);
        // The sampler's statements are PostgreSQL's: edges of other dialects stay as inferred.
        if (!policy.enabled() || db.isEmpty() || db.get().dialect() != SqlDialect.POSTGRESQL) return EdgeSampler.NONE;
        if (db.get().reader() == null) {
            log.warn("data check of {}'s inferred edges skipped: the database registers no reader login", databaseId);
            return EdgeSampler.NONE;
        }
        return new PostgresEdgeSampler(reader(db.get()), policy.sampleSize(), policy.timeout());
    }

    private Database reader(RegisteredDatabase db) {
        return readers.computeIfAbsent(
                db.id(),
                id -> new Database(db.jdbcUrl(), db.reader().user(), db.reader().password()));
    }

    private SchemaIntrospector introspector(RegisteredDatabase db) {
        return Introspectors.of(db, target(db));
    }

    private Annotations annotations(RegisteredDatabase db) {
        return annotations.computeIfAbsent(
                db.id(),
                id -> db.annotationsFile() == null || !Files.exists(db.annotationsFile())
                        ? Annotations.empty()
                        : AnnotationsLoader.load(db.annotationsFile()));
    }

    private List<DocChunk> docs(RegisteredDatabase db) {
        if (db.docsDir() == null || !Files.isDirectory(db.docsDir())) return List.of();
        return DocsLoader.load(db.docsDir(), db.schemas().get(0)).chunks();
    }

    @Override
    public void close() {
        if (roleProbe != null) roleProbe.shutdownNow();
        captures.values().forEach(DebeziumDdlCapture::close);
        if (updater != null) updater.close();
        if (producer != null) producer.close();
        targets.values().forEach(Database::close);
        readers.values().forEach(Database::close);
        cdcLogins.values().forEach(Database::close);
    }
}
