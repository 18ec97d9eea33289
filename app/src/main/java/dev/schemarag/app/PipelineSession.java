package dev.schemarag.app;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.retrieval.kafka.RetrievalService;

/**
 * Retrieval and generation running in this JVM for the length of a command (demo, ask). A stream client that fails
 * for good is logged by its failure policy; the command then ends on its own timeout.
 */
final class PipelineSession implements AutoCloseable {
    static final Runnable COMMAND_ENDS_ON_ITS_TIMEOUT = () -> {};

    private final RetrievalService retrieval;
    private final GenerationService generation;

    PipelineSession(Services services, DatabaseRegistry databases) throws Exception {
        for (var db : databases.all()) services.examples().seedFromDocs(db.id());
        retrieval = services.retrieval();
        retrieval.start(
                services.bootstrapServers(),
                services.security(),
                services.topics(),
                services.stateDir().resolve("retrieval"),
                services.streamsSettings(),
                COMMAND_ENDS_ON_ITS_TIMEOUT);
        generation = services.generation(databases);
        generation.start(COMMAND_ENDS_ON_ITS_TIMEOUT);
    }

    @Override
    public void close() {
        generation.close();
        retrieval.close();
    }
}
