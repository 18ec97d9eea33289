package dev.schemarag.app;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.main.ExecutionMain;
import dev.schemarag.generation.main.GenerationMain;
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.retrieval.main.RetrievalMain;
import java.nio.file.Path;

/**
 * The CLI's wiring: the shared {@link ServiceRuntime} plus the services, each built by its own module's main
 * class exactly as its container image builds it.
 */
public final class Services extends ServiceRuntime {

    public Services(Settings settings, Path stateDir) {
        super(settings, stateDir);
    }

    /** The services of this checkout: settings from the environment, state under {@code <home>/.schemarag}. */
    public static Services fromEnvironment() {
        return new Services(Settings.fromEnvironment(AppSettings.all()), home().resolve(".schemarag"));
    }

    public IngestService ingest(DatabaseRegistry databases) {
        return IngestMain.service(this, databases);
    }

    public RetrievalService retrieval() {
        return RetrievalMain.service(this);
    }

    /** Generation and validation; EXPLAIN runs with the target databases' reader logins, checked read-only at start. */
    public GenerationService generation(DatabaseRegistry databases) {
        return GenerationMain.service(this, databases);
    }

    /** As {@link #generation(DatabaseRegistry)}, under another application id and state directory. */
    public GenerationService generation(DatabaseRegistry databases, String applicationId, Path streamsStateDir) {
        return GenerationMain.service(this, databases, applicationId, streamsStateDir);
    }

    /** Execution of the answers of databases registered with {@code execute}, by {@code executor}. */
    public ExecutionService execution(
            DatabaseRegistry databases, QueryExecutor executor, String applicationId, Path streamsStateDir) {
        return ExecutionMain.service(this, databases, executor, applicationId, streamsStateDir);
    }

    /** The adapter execution runs statements with, as the service builds it. */
    public QueryExecutorsByDialect queryExecutor(DatabaseRegistry databases) {
        return ExecutionMain.executor(this, databases);
    }

    public VerifiedExampleStore examples() {
        return GenerationMain.examples(this);
    }
}
