package dev.schemarag.app;

import dev.schemarag.app.mcp.McpSettings;
import dev.schemarag.app.onboard.OnboardSettings;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.http.HttpSettings;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.generation.service.ExecutionSettings;
import dev.schemarag.generation.service.ExecutionStageSettings;
import dev.schemarag.generation.service.GenerationSettings;
import dev.schemarag.ingest.service.IngestSettings;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.web.WebSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the CLI and the services it runs. Each maps to an environment variable by the visible rule
 * ({@code store.jdbc.url} ↔ {@code STORE_JDBC_URL}); the defaults point at the embedded stack.
 */
public final class AppSettings {
    private AppSettings() {}

    /** Declared with the connections every service reads; named here too so the CLI's code reads them from here. */
    public static final Setting<String> KAFKA_BOOTSTRAP_SERVERS = RuntimeSettings.KAFKA_BOOTSTRAP_SERVERS;

    public static final Setting<String> SCHEMA_REGISTRY_URL = RuntimeSettings.SCHEMA_REGISTRY_URL;
    public static final Setting<String> STORE_JDBC_URL = RuntimeSettings.STORE_JDBC_URL;
    public static final Setting<String> STORE_USER = RuntimeSettings.STORE_USER;
    public static final Setting<String> STORE_PASSWORD = RuntimeSettings.STORE_PASSWORD;
    public static final Setting<String> STORE_ADMIN_USER = RuntimeSettings.STORE_ADMIN_USER;
    public static final Setting<String> STORE_ADMIN_PASSWORD = RuntimeSettings.STORE_ADMIN_PASSWORD;
    public static final Setting<String> TOPIC_PREFIX = RuntimeSettings.TOPIC_PREFIX;
    public static final Setting<String> DATABASES_FILE = RuntimeSettings.DATABASES_FILE;
    public static final Setting<String> EMBEDDING_MODEL = RuntimeSettings.EMBEDDING_MODEL;
    public static final Setting<String> EXAMPLES_EMBEDDING_MODEL = RuntimeSettings.EXAMPLES_EMBEDDING_MODEL;
    public static final Setting<String> READER_PASSWORD = RuntimeSettings.READER_PASSWORD;
    /** Declared with the admin endpoints; named here too so {@link #all()} lists them. */
    public static final Setting<String> ADMIN_HOST = AdminSettings.ADMIN_HOST;

    public static final Setting<String> ADMIN_TOKEN = AdminSettings.ADMIN_TOKEN;
    public static final Setting<Integer> INGEST_ADMIN_PORT = AdminSettings.INGEST_ADMIN_PORT;
    public static final Setting<Integer> RETRIEVAL_ADMIN_PORT = AdminSettings.RETRIEVAL_ADMIN_PORT;
    public static final Setting<Integer> GENERATION_ADMIN_PORT = AdminSettings.GENERATION_ADMIN_PORT;
    public static final Setting<Integer> EXECUTION_ADMIN_PORT = AdminSettings.EXECUTION_ADMIN_PORT;

    /** Every setting the CLI reads, the services' own included, so all are validated at start-up. */
    public static List<Setting<?>> all() {
        List<Setting<?>> all = new ArrayList<>(RuntimeSettings.declared());
        all.addAll(List.of(
                ADMIN_HOST,
                ADMIN_TOKEN,
                INGEST_ADMIN_PORT,
                RETRIEVAL_ADMIN_PORT,
                GENERATION_ADMIN_PORT,
                EXECUTION_ADMIN_PORT));
        all.addAll(HttpSettings.declared());
        all.addAll(WebSettings.declared());
        all.addAll(IngestSettings.declared());
        all.addAll(GenerationSettings.declared()); // the LLM's and the target's limits included
        all.addAll(ExecutionSettings.declared());
        all.add(ExecutionStageSettings.WORKERS);
        all.add(VectorSearch.SETTING);
        all.add(RetrievalService.CATALOG_POLL_MS);
        all.addAll(RetrievalSettings.DECLARED);
        all.addAll(KafkaClientSecurity.declared());
        all.addAll(StreamsSettings.declared());
        all.addAll(McpSettings.declared());
        all.addAll(OnboardSettings.declared());
        return all;
    }
}
