package dev.schemarag.app.pipeline;

import dev.schemarag.app.Services;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.generation.main.GenerationMain;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import dev.schemarag.retrieval.kafka.RetrievalService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;

/**
 * Retrieval, generation and execution running in this JVM for the length of one command ({@code ask --standalone},
 * {@code demo}) under application ids of their own, {@code <prefix><command>-<uuid>-retrieval}, {@code ...-generation}
 * and {@code ...-execution}: they
 * never touch the services' consumer groups, and they start at the topics' current end, so they answer only what is
 * asked while they run, never older questions. Closing leaves the groups, then deletes them, their internal topics and
 * their local state, so that repeated commands leave nothing behind. A stream client that fails for good is logged by
 * its failure policy; the command then ends on its own timeout.
 */
public final class ThrowAwayPipeline implements AutoCloseable {
    public static final Runnable COMMAND_ENDS_ON_ITS_TIMEOUT = () -> {};

    /** 200 ms each: how long closing waits for the members to be gone before a group can be deleted. */
    private static final int DELETE_ATTEMPTS = 50;

    private final Services services;
    /** Where what closing could not remove is reported. */
    private final PrintWriter err;

    private final String retrievalId;
    private final String generationId;
    private final String executionId;
    private final Path stateDir;
    private RetrievalService retrieval;
    private GenerationService generation;
    private QueryExecutorsByDialect executor;
    private ExecutionService execution;

    /** Starts the pipeline; {@code command} names it in the application ids. */
    public ThrowAwayPipeline(Services services, DatabaseRegistry databases, String command, PrintWriter err)
            throws Exception {
        this.services = services;
        this.err = err;
        String name = command + "-" + UUID.randomUUID();
        String namespace = services.topics().prefix() + name + "-";
        retrievalId = namespace + RetrievalService.APPLICATION_ID;
        generationId = namespace + GenerationService.APPLICATION_ID;
        executionId = namespace + ExecutionService.APPLICATION_ID;
        stateDir = services.stateDir().resolve(name);
        try {
            start(databases);
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    private void start(DatabaseRegistry databases) throws Exception {
        List<String> topics = services.topics().all().stream().map(Topic::name).toList();
        try (Admin admin = admin()) {
            ConsumerGroups.startAtEnd(admin, retrievalId, topics);
            ConsumerGroups.startAtEnd(admin, generationId, topics);
            ConsumerGroups.startAtEnd(admin, executionId, topics);
        }
        GenerationMain.prepareExamples(services, databases);
        retrieval = services.retrieval();
        retrieval.start(
                retrievalId,
                services.bootstrapServers(),
                services.security(),
                services.topics(),
                stateDir.resolve("retrieval"),
                services.streamsSettings(),
                COMMAND_ENDS_ON_ITS_TIMEOUT);
        generation = services.generation(databases, generationId, stateDir.resolve("generation"));
        generation.start(COMMAND_ENDS_ON_ITS_TIMEOUT);
        executor = services.queryExecutor(databases);
        execution = services.execution(databases, executor, executionId, stateDir.resolve("execution"));
        execution.start(COMMAND_ENDS_ON_ITS_TIMEOUT);
    }

    public List<String> applicationIds() {
        return List.of(retrievalId, generationId, executionId);
    }

    private Admin admin() {
        return Admin.create(services.security().clientConfig(services.bootstrapServers()));
    }

    /** Stops the stream clients (they leave their groups) and removes what they leave behind. */
    @Override
    public void close() {
        if (execution != null) execution.close();
        if (executor != null) executor.close();
        if (generation != null) generation.close();
        if (retrieval != null) retrieval.close();
        try (Admin admin = admin()) {
            ConsumerGroups.delete(admin, applicationIds(), DELETE_ATTEMPTS);
            List<String> internal = admin.listTopics().names().get().stream()
                    .filter(t -> applicationIds().stream().anyMatch(id -> t.startsWith(id + "-")))
                    .toList();
            admin.deleteTopics(internal).all().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            leftBehind("the consumer groups and internal topics of " + applicationIds(), e);
        } catch (ExecutionException | RuntimeException e) {
            leftBehind("the consumer groups and internal topics of " + applicationIds(), e);
        }
        try (Stream<Path> files = Files.exists(stateDir) ? Files.walk(stateDir) : Stream.empty()) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(file);
        } catch (IOException e) {
            leftBehind(stateDir.toString(), e);
        }
    }

    /** Cleaning up must not hide the command's own outcome: what could not be removed is only reported. */
    private void leftBehind(String what, Exception e) {
        err.println("could not remove " + what + ": " + e.getMessage());
    }
}
