package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.pipeline.ThrowAwayPipeline;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.retrieval.kafka.RetrievalService;

/**
 * The retrieval and generation services running in the test's JVM, started as {@code serve retrieval} and
 * {@code serve generation} start them: the same classes, application ids, consumer groups and settings.
 */
public final class RunningServices implements AutoCloseable {
    private final RetrievalService retrieval;
    private final GenerationService generation;

    public RunningServices(Services services, DatabaseRegistry databases) throws Exception {
        for (var db : databases.all()) services.examples().seedFromDocs(db.id());
        retrieval = services.retrieval();
        retrieval.start(
                services.bootstrapServers(),
                services.security(),
                services.topics(),
                services.stateDir().resolve("retrieval"),
                services.streamsSettings(),
                ThrowAwayPipeline.COMMAND_ENDS_ON_ITS_TIMEOUT);
        generation = services.generation(databases);
        generation.start(ThrowAwayPipeline.COMMAND_ENDS_ON_ITS_TIMEOUT);
    }

    @Override
    public void close() {
        generation.close();
        retrieval.close();
    }
}
