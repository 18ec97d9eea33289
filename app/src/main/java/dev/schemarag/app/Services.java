package dev.schemarag.app;

import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.TopicCreator;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.ServiceMeters;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.StoreRuntimeRole;
import dev.schemarag.generation.examples.VerifiedExampleStore;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.service.IngestSettings;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.stack.EmbeddedPostgres;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Builds the adapters and services from resolved settings: one place that knows how things are wired. */
public final class Services implements AutoCloseable {
    private final Settings settings;
    private final Path stateDir;
    private final KafkaClientSecurity security;
    private Database store;
    private EmbeddingModel model;
    private EmbeddingModel examplesModel;
    private Topics topics;
    private PrometheusMeterRegistry meters;

    public Services(Settings settings, Path stateDir) {
        this.settings = settings;
        this.stateDir = stateDir;
        this.security = KafkaClientSecurity.from(settings);
    }

    /** The services of this checkout: settings from the environment, state under {@code <home>/.schemarag}. */
    public static Services fromEnvironment() {
        return new Services(
                Settings.fromEnvironment(AppSettings.all()), SchemaRagCli.home().resolve(".schemarag"));
    }

    /** The JDBC URL of another database on the store's server (demo and benchmark databases live there). */
    public String databaseUrl(String database) {
        String storeUrl = settings.get(AppSettings.STORE_JDBC_URL);
        return storeUrl.substring(0, storeUrl.lastIndexOf('/') + 1) + database;
    }

    public Settings settings() {
        return settings;
    }

    /**
     * The RAG store, connected as the runtime role ({@code store.user}, no superuser). On first use the administrator,
     * when one is configured, migrates the store and creates or updates that role ({@link StoreRuntimeRole}).
     */
    public synchronized Database store() {
        if (store == null) {
            String url = settings.get(AppSettings.STORE_JDBC_URL);
            Credentials runtime =
                    new Credentials(settings.get(AppSettings.STORE_USER), settings.get(AppSettings.STORE_PASSWORD));
            Optional<Credentials> admin = storeAdmin();
            if (admin.isPresent()) {
                try (Database privileged =
                        new Database(url, admin.get().user(), admin.get().password())) {
                    StoreRuntimeRole.prepare(privileged, runtime);
                } catch (SQLException e) {
                    throw new IllegalStateException(
                            "cannot prepare the store as " + admin.get().user() + ": " + e.getMessage(), e);
                }
            }
            store = new Database(url, runtime.user(), runtime.password());
        }
        return store;
    }

    /** The store server's administrator ({@code store.admin.user}); empty when blank, as for services that only read and write rows. */
    public Optional<Credentials> storeAdmin() {
        return storeAdmin(settings);
    }

    /**
     * An unset administrator is the embedded stack's development superuser only for the embedded stack's own store URL:
     * any other store gets no administrator unless one is configured, so a service pointed at a real server never
     * tries a well-known superuser password against it.
     */
    static Optional<Credentials> storeAdmin(Settings settings) {
        boolean embedded = StackSession.isEmbeddedDefault(settings, AppSettings.STORE_JDBC_URL);
        String user = settings.isSet(AppSettings.STORE_ADMIN_USER) || !embedded
                ? settings.get(AppSettings.STORE_ADMIN_USER)
                : EmbeddedPostgres.USER;
        String password = settings.isSet(AppSettings.STORE_ADMIN_PASSWORD) || !embedded
                ? settings.get(AppSettings.STORE_ADMIN_PASSWORD)
                : EmbeddedPostgres.PASSWORD;
        return user.isBlank() ? Optional.empty() : Optional.of(new Credentials(user, password));
    }

    /** The schema index's model: ingest embeds with it, retrieval embeds questions with it. */
    public synchronized EmbeddingModel model() {
        if (model == null) model = OnnxEmbeddingModel.load(settings.get(AppSettings.EMBEDDING_MODEL));
        return model;
    }

    /**
     * The verified-example store's model, the same instance as {@link #model()} when both settings name one model;
     * otherwise loaded alone, so a generation service never loads the schema index's model.
     */
    public synchronized EmbeddingModel examplesModel() {
        if (examplesModel == null) {
            String id = settings.get(AppSettings.EXAMPLES_EMBEDDING_MODEL);
            boolean sameModel = OnnxEmbeddingModel.Choice.byId(id)
                    == OnnxEmbeddingModel.Choice.byId(settings.get(AppSettings.EMBEDDING_MODEL));
            examplesModel = sameModel ? model() : OnnxEmbeddingModel.load(id);
        }
        return examplesModel;
    }

    public synchronized Topics topics() {
        if (topics == null) {
            topics = new Topics(settings.get(AppSettings.TOPIC_PREFIX), security.registryClient(registryUrl()));
            TopicCreator.ensure(
                    bootstrapServers(), security, topics, streamsSettings().topics());
        }
        return topics;
    }

    /** This process's meters: {@code serve} exposes them at {@code /metrics}; other commands record them unread. */
    public synchronized PrometheusMeterRegistry meters() {
        if (meters == null) meters = ServiceMeters.prometheus();
        return meters;
    }

    public IngestService ingest(DatabaseRegistry databases) {
        return new IngestService(
                new IngestService.Config(
                        bootstrapServers(),
                        security,
                        stateDir.resolve("ingest"),
                        settings.get(AppSettings.REPLICATION_ROLE),
                        settings.get(AppSettings.REPLICATION_PASSWORD),
                        settings.get(AppSettings.CDC_POLL_INTERVAL_MS),
                        IngestSettings.recovery(settings)),
                databases,
                this::topics,
                model(),
                store());
    }

    public RetrievalService retrieval() {
        return new RetrievalService(
                store(), model(), RetrievalSettings.from(settings), VectorSearch.from(settings), meters());
    }

    /** Generation and validation; EXPLAIN runs with the target databases' reader logins, checked read-only at start. */
    public GenerationService generation(DatabaseRegistry databases) {
        return new GenerationService(
                bootstrapServers(),
                security,
                stateDir.resolve("generation"),
                topics(),
                settings,
                databases,
                store(),
                examplesModel(),
                meters());
    }

    /** As {@link #generation(DatabaseRegistry)}, under another application id and state directory. */
    public GenerationService generation(DatabaseRegistry databases, String applicationId, Path streamsStateDir) {
        return new GenerationService(
                applicationId,
                bootstrapServers(),
                security,
                streamsStateDir,
                topics(),
                settings,
                databases,
                store(),
                examplesModel(),
                meters());
    }

    public VerifiedExampleStore examples() {
        return new VerifiedExampleStore(store(), examplesModel());
    }

    /** The explicit limits of this process's Kafka Streams clients. */
    public StreamsSettings streamsSettings() {
        return StreamsSettings.from(settings);
    }

    /** What every service needs to work, for its {@code /ready}: the store and the schema registry answering. */
    public List<ReadinessCheck> readinessChecks() {
        return List.of(
                ReadinessChecks.store(store()), ReadinessChecks.registry(security.registryClient(registryUrl())));
    }

    public String bootstrapServers() {
        return settings.get(AppSettings.KAFKA_BOOTSTRAP_SERVERS);
    }

    /** How every Kafka and registry client of this process authenticates. */
    public KafkaClientSecurity security() {
        return security;
    }

    public String registryUrl() {
        return settings.get(AppSettings.SCHEMA_REGISTRY_URL);
    }

    public Path stateDir() {
        return stateDir;
    }

    @Override
    public void close() {
        if (meters != null) meters.close();
        if (store != null) store.close();
    }
}
