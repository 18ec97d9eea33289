package dev.schemarag.core.service;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.ServiceMeters;
import java.util.List;

/**
 * The connections every service reads: broker, registry, store, topics, target databases and embedding models. The
 * defaults point at the embedded stack; its ports and development superuser are mirrored here because a service
 * image carries no embedded stack (the app's tests pin both copies equal).
 */
public final class RuntimeSettings {
    private RuntimeSettings() {}

    /** The embedded stack's ports ({@code StackConfig}). */
    static final int EMBEDDED_KAFKA_PORT = 19092;

    static final int EMBEDDED_REGISTRY_PORT = 18081;
    static final int EMBEDDED_POSTGRES_PORT = 55432;
    /** The embedded PostgreSQL's development superuser and password ({@code EmbeddedPostgres}). */
    static final String EMBEDDED_SUPERUSER = "schemarag";

    public static final Setting<String> KAFKA_BOOTSTRAP_SERVERS =
            Setting.string("kafka.bootstrap.servers", "127.0.0.1:" + EMBEDDED_KAFKA_PORT, "Kafka bootstrap servers");
    public static final Setting<String> SCHEMA_REGISTRY_URL = Setting.string(
            "schema.registry.url",
            "http://127.0.0.1:" + EMBEDDED_REGISTRY_PORT,
            "Schema Registry base URL (Confluent REST API)");
    public static final Setting<String> STORE_JDBC_URL = Setting.string(
            "store.jdbc.url",
            "jdbc:postgresql://127.0.0.1:" + EMBEDDED_POSTGRES_PORT + "/schemarag",
            "RAG store (PostgreSQL + pgvector)");
    /** The role the services run as: no superuser, it may only read and write the store's rows. */
    public static final Setting<String> STORE_USER = Setting.string(
            "store.user",
            "schemarag_app",
            "RAG store runtime role (no superuser; created and granted row access by the store administrator)");

    public static final Setting<String> STORE_PASSWORD =
            Setting.string("store.password", "schemarag_app", "Password of the RAG store runtime role");
    /** Unset, it is the embedded stack's superuser, but only for the embedded stack's store URL ({@link ServiceRuntime#storeAdmin}). */
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
            "JSON list of target databases, where schemarag db add registers them; empty = the demo database erp on"
                    + " the embedded stack plus those db add registered in .schemarag/databases.json");
    public static final Setting<String> EMBEDDING_MODEL = Setting.string(
            "embedding.model",
            OnnxEmbeddingModel.Choice.ALL_MINILM_L6_V2.id(),
            "In-process model of the schema index (ingest and retrieval): all-minilm-l6-v2-q or bge-small-en-v1.5-q");
    /**
     * A setting of its own, because the offline answer threshold is a similarity on this model's scale. The default is
     * the schema index's: then generation compares the vector retrieval computed and embeds no question itself.
     */
    public static final Setting<String> EXAMPLES_EMBEDDING_MODEL = Setting.string(
            "examples.embedding.model",
            OnnxEmbeddingModel.Choice.ALL_MINILM_L6_V2.id(),
            "In-process model of the verified-example store (offline answers); when it is embedding.model and that"
                    + " model embeds queries like texts, generation reuses retrieval's question vector instead of"
                    + " embedding the question again. A change re-embeds the stored examples when generation starts");

    public static final Setting<String> READER_PASSWORD = Setting.string(
            "generation.reader.password",
            "schemarag_reader",
            "Password of the least-privilege read-only role validation runs EXPLAIN as (demo database; set it on ingest and generation)");

    public static List<Setting<?>> declared() {
        return List.of(
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
                READER_PASSWORD,
                ServiceMeters.KAFKA_CLIENT_METRICS);
    }
}
