package dev.schemarag.app;

import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.generation.service.GenerationSettings;
import dev.schemarag.ingest.service.IngestSettings;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.stack.StackConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the CLI and the services it runs. Each maps to an environment variable by the visible rule
 * ({@code store.jdbc.url} ↔ {@code STORE_JDBC_URL}); the defaults point at the embedded stack.
 */
public final class AppSettings {
    private AppSettings() {}

    public static final Setting<String> KAFKA_BOOTSTRAP_SERVERS = Setting.string(
            "kafka.bootstrap.servers", "127.0.0.1:" + StackConfig.DEFAULT_KAFKA_PORT, "Kafka bootstrap servers");
    public static final Setting<String> SCHEMA_REGISTRY_URL = Setting.string(
            "schema.registry.url",
            "http://127.0.0.1:" + StackConfig.DEFAULT_REGISTRY_PORT,
            "Schema Registry base URL (Confluent REST API)");
    public static final Setting<String> STORE_JDBC_URL = Setting.string(
            "store.jdbc.url",
            "jdbc:postgresql://127.0.0.1:" + StackConfig.DEFAULT_POSTGRES_PORT + "/schemarag",
            "RAG store (PostgreSQL + pgvector)");
    /** The role the services run as: no superuser, it may only read and write the store's rows. */
    public static final Setting<String> STORE_USER = Setting.string(
            "store.user",
            "schemarag_app",
            "RAG store runtime role (no superuser; created and granted row access by the store administrator)");

    public static final Setting<String> STORE_PASSWORD =
            Setting.string("store.password", "schemarag_app", "Password of the RAG store runtime role");
    /** Unset, it is the embedded stack's superuser, but only for the embedded stack's store URL ({@link Services#storeAdmin}). */
    public static final Setting<String> STORE_ADMIN_USER = Setting.string(
            "store.admin.user",
            "",
            "RAG store administrator: migrates the store and creates store.user at start; empty = another process does"
                    + " (unset: the embedded stack's superuser when store.jdbc.url is the embedded default, else empty)");

    public static final Setting<String> STORE_ADMIN_PASSWORD = Setting.string(
            "store.admin.password",
            "",
            "Password of the RAG store administrator (unset: the embedded stack's when store.jdbc.url is the embedded default)");
    public static final Setting<String> TOPIC_PREFIX =
            Setting.string("topic.prefix", Topics.DEFAULT_PREFIX, "Prefix of every topic name");
    public static final Setting<String> DATABASES_FILE = Setting.string(
            "schemarag.databases.file",
            "",
            "JSON list of target databases; empty = the demo database erp on the embedded stack");
    public static final Setting<String> EMBEDDING_MODEL = Setting.string(
            "embedding.model",
            OnnxEmbeddingModel.Choice.ALL_MINILM_L6_V2.id(),
            "In-process model of the schema index (ingest and retrieval): all-minilm-l6-v2-q or bge-small-en-v1.5-q");
    /** A model of its own, because the offline answer threshold is a similarity on this model's scale. */
    public static final Setting<String> EXAMPLES_EMBEDDING_MODEL = Setting.string(
            "examples.embedding.model",
            OnnxEmbeddingModel.Choice.BGE_SMALL_EN_V15.id(),
            "In-process model of the verified-example store (offline answers)");

    public static final Setting<String> REPLICATION_ROLE = Setting.string(
            "cdc.replication.role", "schemarag_cdc", "Least-privilege replication role Debezium connects as");
    public static final Setting<String> REPLICATION_PASSWORD =
            Setting.string("cdc.replication.password", "schemarag_cdc", "Password of the replication role");
    public static final Setting<Integer> CDC_POLL_INTERVAL_MS = Setting.integer(
            "cdc.poll.interval.ms", 5, 1, 60_000, "Debezium poll interval: it dominates change-to-index latency");
    /** Declared with the admin endpoints; named here too so {@link #all()} lists them. */
    public static final Setting<String> ADMIN_HOST = AdminSettings.ADMIN_HOST;

    public static final Setting<String> ADMIN_TOKEN = AdminSettings.ADMIN_TOKEN;
    public static final Setting<Integer> INGEST_ADMIN_PORT = AdminSettings.INGEST_ADMIN_PORT;
    public static final Setting<Integer> RETRIEVAL_ADMIN_PORT = AdminSettings.RETRIEVAL_ADMIN_PORT;
    public static final Setting<Integer> GENERATION_ADMIN_PORT = AdminSettings.GENERATION_ADMIN_PORT;

    public static final Setting<String> READER_PASSWORD = Setting.string(
            "generation.reader.password",
            "schemarag_reader",
            "Password of the least-privilege read-only role validation runs EXPLAIN as (demo database; set it on ingest and generation)");

    /** Every setting the CLI reads, the services' own included, so all are validated at start-up. */
    public static List<Setting<?>> all() {
        List<Setting<?>> all = new ArrayList<>(List.of(
                KAFKA_BOOTSTRAP_SERVERS,
                SCHEMA_REGISTRY_URL,
                STORE_JDBC_URL,
                STORE_USER,
                STORE_PASSWORD,
                STORE_ADMIN_USER,
                STORE_ADMIN_PASSWORD,
                TOPIC_PREFIX,
                DATABASES_FILE,
                EMBEDDING_MODEL,
                EXAMPLES_EMBEDDING_MODEL,
                REPLICATION_ROLE,
                REPLICATION_PASSWORD,
                CDC_POLL_INTERVAL_MS,
                ADMIN_HOST,
                ADMIN_TOKEN,
                INGEST_ADMIN_PORT,
                RETRIEVAL_ADMIN_PORT,
                GENERATION_ADMIN_PORT,
                READER_PASSWORD));
        all.addAll(IngestSettings.declared());
        all.addAll(GenerationSettings.declared()); // the LLM's settings included
        all.add(VectorSearch.SETTING);
        all.addAll(RetrievalSettings.DECLARED);
        all.addAll(KafkaClientSecurity.declared());
        all.addAll(StreamsSettings.declared());
        return all;
    }
}
