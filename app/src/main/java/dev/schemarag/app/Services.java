package dev.schemarag.app;

import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.service.IngestService;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/** Builds the adapters and services from resolved settings: one place that knows how things are wired. */
public final class Services implements AutoCloseable {
    private final Settings settings;
    private final Path stateDir;
    private Database store;
    private EmbeddingModel model;
    private Topics topics;

    public Services(Settings settings, Path stateDir) {
        this.settings = settings;
        this.stateDir = stateDir;
    }

    public Settings settings() {
        return settings;
    }

    /** The RAG store, migrated on first use. */
    public synchronized Database store() {
        if (store == null) {
            store = new Database(settings.get(AppSettings.STORE_JDBC_URL), settings.get(AppSettings.STORE_USER),
                    settings.get(AppSettings.STORE_PASSWORD));
            store.migrateStore();
        }
        return store;
    }

    public synchronized EmbeddingModel model() {
        if (model == null) model = OnnxEmbeddingModel.load(settings.get(AppSettings.EMBEDDING_MODEL));
        return model;
    }

    public synchronized Topics topics() {
        if (topics == null) {
            topics = new Topics(settings.get(AppSettings.TOPIC_PREFIX), new SchemaRegistryClient(settings.get(AppSettings.SCHEMA_REGISTRY_URL)));
            createTopics(topics);
        }
        return topics;
    }

    public IngestService ingest(DatabaseRegistry databases) {
        return new IngestService(new IngestService.Config(settings.get(AppSettings.KAFKA_BOOTSTRAP_SERVERS),
                settings.get(AppSettings.SCHEMA_REGISTRY_URL), stateDir.resolve("ingest"),
                settings.get(AppSettings.REPLICATION_ROLE), settings.get(AppSettings.REPLICATION_PASSWORD),
                settings.get(AppSettings.CDC_POLL_INTERVAL_MS)), databases, this::topics, model(), store());
    }

    /** Creates missing topics up front: schema.catalog compacted, the others with the broker's defaults. */
    private void createTopics(Topics topics) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, settings.get(AppSettings.KAFKA_BOOTSTRAP_SERVERS)))) {
            List<NewTopic> newTopics = topics.all().stream().map(t -> {
                NewTopic nt = new NewTopic(t.name(), java.util.Optional.empty(), java.util.Optional.empty());
                return t.compacted() ? nt.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)) : nt;
            }).toList();
            for (var result : admin.createTopics(newTopics).values().values()) {
                try {
                    result.get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) throw new IllegalStateException("cannot create topics: " + e.getCause().getMessage(), e);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }

    @Override
    public void close() {
        if (store != null) store.close();
    }
}
