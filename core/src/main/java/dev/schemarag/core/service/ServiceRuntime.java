package dev.schemarag.core.service;

import static dev.schemarag.core.service.RuntimeSettings.*;

import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.Setting;
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
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * What every service process connects to, built lazily from resolved settings: the store, the embedding models, the
 * topics, the meters. Each service module builds its own service from it, so a service image needs no other module.
 */
public class ServiceRuntime implements AutoCloseable {
    private final Settings settings;
    private final Path stateDir;
    private final KafkaClientSecurity security;
    private Database store;
    private EmbeddingModel model;
    private EmbeddingModel examplesModel;
    private Topics topics;
    private PrometheusMeterRegistry meters;

    public ServiceRuntime(Settings settings, Path stateDir) {
        this.settings = settings;
        this.stateDir = stateDir;
        this.security = KafkaClientSecurity.from(settings);
    }

    /** The project (or install) directory, {@code -Dschemarag.home} or the working directory. */
    public static Path home() {
        return Path.of(System.getProperty("schemarag.home", "."))
                .toAbsolutePath()
                .normalize();
    }

    /** Settings from the environment, validated against {@code declared}; state under {@code <home>/.schemarag}. */
    public static ServiceRuntime fromEnvironment(List<Setting<?>> declared) {
        return new ServiceRuntime(Settings.fromEnvironment(declared), home().resolve(".schemarag"));
    }

    /** The JDBC URL of another database on the store's server (demo and benchmark databases live there). */
    public String databaseUrl(String database) {
        String storeUrl = settings.get(STORE_JDBC_URL);
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
            String url = settings.get(STORE_JDBC_URL);
            Credentials runtime = new Credentials(settings.get(STORE_USER), settings.get(STORE_PASSWORD));
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
    public static Optional<Credentials> storeAdmin(Settings settings) {
        boolean embedded = settings.get(STORE_JDBC_URL).equals(STORE_JDBC_URL.defaultValue());
        String user =
                settings.isSet(STORE_ADMIN_USER) || !embedded ? settings.get(STORE_ADMIN_USER) : EMBEDDED_SUPERUSER;
        String password = settings.isSet(STORE_ADMIN_PASSWORD) || !embedded
                ? settings.get(STORE_ADMIN_PASSWORD)
                : EMBEDDED_SUPERUSER;
        return user.isBlank() ? Optional.empty() : Optional.of(new Credentials(user, password));
    }

    /** The schema index's model: ingest embeds with it, retrieval embeds questions with it. */
    public synchronized EmbeddingModel model() {
        if (model == null) model = OnnxEmbeddingModel.load(settings.get(EMBEDDING_MODEL));
        return model;
    }

    /**
     * The verified-example store's model, the same instance as {@link #model()} when both settings name one model;
     * otherwise loaded alone, so a generation service never loads the schema index's model.
     */
    public synchronized EmbeddingModel examplesModel() {
        if (examplesModel == null) {
            String id = settings.get(EXAMPLES_EMBEDDING_MODEL);
            boolean sameModel =
                    OnnxEmbeddingModel.Choice.byId(id) == OnnxEmbeddingModel.Choice.byId(settings.get(EMBEDDING_MODEL));
            examplesModel = sameModel ? model() : OnnxEmbeddingModel.load(id);
        }
        return examplesModel;
    }

    public synchronized Topics topics() {
        if (topics == null) {
            topics = existingTopics();
            TopicCreator.ensure(
                    bootstrapServers(), security, topics, streamsSettings().topics());
        }
        return topics;
    }

    /**
     * The topics' names and serdes, not prepared on the broker: for a client of services that run, which created
     * them when they started. {@link #topics()} would cost the client an admin client and three round trips.
     */
    public Topics existingTopics() {
        return new Topics(settings.get(TOPIC_PREFIX), security.registryClient(registryUrl()));
    }

    /** This process's meters: {@code serve} exposes them at {@code /metrics}; other commands record them unread. */
    public synchronized PrometheusMeterRegistry meters() {
        if (meters == null) meters = ServiceMeters.prometheus(settings.get(ServiceMeters.KAFKA_CLIENT_METRICS));
        return meters;
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
        return settings.get(KAFKA_BOOTSTRAP_SERVERS);
    }

    /** How every Kafka and registry client of this process authenticates. */
    public KafkaClientSecurity security() {
        return security;
    }

    public String registryUrl() {
        return settings.get(SCHEMA_REGISTRY_URL);
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
