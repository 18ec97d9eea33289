package dev.schemarag.app.pipeline;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.app.StackSession;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One question to the question pipeline, as {@code ask} and the MCP tool {@code ask} put it: to the running services
 * without joining any consumer group, or through a {@link ThrowAwayPipeline} in this process. The outcome is
 * {@link OutcomeView}'s view of it; nothing here prints.
 */
public final class QuestionAsker {
    /** What asking came to. */
    public sealed interface Asked permits Outcome, NoPipeline, PipelineRunning {}

    /** The question's outcome: answered, failed or timed out. */
    public record Outcome(OutcomeView view) implements Asked {}

    /** No pipeline runs to answer: {@code view} (no_pipeline) says how to start one. */
    public record NoPipeline(OutcomeView.NoAnswer view) implements Asked {}

    /** A throw-away pipeline was not started: the running one would answer every question asked meanwhile again. */
    public record PipelineRunning(String retrievalGroup, String generationGroup) implements Asked {}

    private final Services services;

    public QuestionAsker(Services services) {
        this.services = services;
    }

    /**
     * {@code ask}'s way to the running services, which never starts anything: a port check first when the settings
     * name the embedded stack, then the probe for the services with the client starting meanwhile.
     *
     * @param principal who asks, or null: the registration maps it to the role the answer runs as
     */
    public Asked askRunning(
            String databaseId,
            String question,
            Boolean useRetrieval,
            boolean sqlOnly,
            String principal,
            Duration timeout)
            throws Exception {
        if (stackDown(services.settings()))
            return noPipeline(PipelineProbe.Status.unreachable(
                            "no question pipeline is running: the embedded stack is not up (`schemarag stack up`)")
                    .notRunning());
        // The client's start-up (producer, consumer at the topics' ends) and the probe both wait on the broker:
        // overlapped, a question costs one of these waits. The question is sent only once the probe found services,
        // which created the topics when they started: the client does not prepare them again.
        CompletableFuture<AskClient> starting = CompletableFuture.supplyAsync(() -> client(services.existingTopics()));
        PipelineProbe.Status status = probe();
        if (!status.answers(executed(databaseId, sqlOnly))) {
            starting.thenAccept(AskClient::close); // it may still wait for a broker that does not answer
            return noPipeline(status.notRunning());
        }
        try (AskClient client = join(starting)) {
            return ask(client, databaseId, question, useRetrieval, sqlOnly, principal, timeout);
        }
    }

    /**
     * The MCP tool's way to the running services, the probe then the question: the outcome, or no_pipeline's.
     *
     * @param principal who asks, or null
     */
    public OutcomeView askIfRunning(
            String databaseId, String question, boolean sqlOnly, String principal, Duration timeout) throws Exception {
        PipelineProbe.Status status = probe();
        if (!status.answers(executed(databaseId, sqlOnly)))
            return noPipeline(status.notRunning()).view();
        try (AskClient client = client(services.topics())) {
            return ask(client, databaseId, question, null, sqlOnly, principal, timeout)
                    .view();
        }
    }

    /**
     * {@code ask --standalone}: a throw-away retrieval and generation in this process answer, unless services run.
     *
     * @param principal who asks, or null
     * @param err where what the throw-away pipeline could not clean up is reported
     */
    @SuppressWarnings("try") // the pipeline answers while it is open, without being referenced
    public Asked askStandalone(
            String databaseId,
            String question,
            Boolean useRetrieval,
            boolean sqlOnly,
            String principal,
            Duration timeout,
            PrintWriter err)
            throws Exception {
        PipelineProbe.Status status = probe();
        if (status.running()) return new PipelineRunning(status.retrievalGroup(), status.generationGroup());
        try (ThrowAwayPipeline pipeline = new ThrowAwayPipeline(services, TargetDatabases.load(services), "ask", err);
                AskClient client = client(services.topics())) {
            return ask(client, databaseId, question, useRetrieval, sqlOnly, principal, timeout);
        }
    }

    /**
     * Whether the answer will be executed, so that its outcome needs the execution service too: on the database
     * named, or, for a question routed by retrieval, on any registered one that executes.
     */
    private boolean executed(String databaseId, boolean sqlOnly) throws Exception {
        if (sqlOnly) return false;
        DatabaseRegistry registered = TargetDatabases.load(services);
        return databaseId == null
                ? registered.all().stream().anyMatch(RegisteredDatabase::execute)
                : registered.find(databaseId).map(RegisteredDatabase::execute).orElse(false);
    }

    private PipelineProbe.Status probe() {
        return PipelineProbe.check(
                services.bootstrapServers(),
                services.security(),
                services.settings().get(AppSettings.TOPIC_PREFIX));
    }

    /** @param sqlOnly true for the validated SQL alone, not executed even where the database executes answers */
    private static Outcome ask(
            AskClient client,
            String databaseId,
            String question,
            Boolean useRetrieval,
            boolean sqlOnly,
            String principal,
            Duration timeout)
            throws Exception {
        return new Outcome(OutcomeView.of(client.ask(databaseId, question, useRetrieval, sqlOnly, principal, timeout)));
    }

    private AskClient client(Topics topics) {
        return new AskClient(services.bootstrapServers(), services.security(), topics);
    }

    private static AskClient join(CompletableFuture<AskClient> starting) throws Exception {
        try {
            return starting.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /**
     * Whether the settings name the embedded stack while its broker is not even listening: nothing can be running on
     * it either. A port check only, since a full probe of the stack would cost a client more than its question.
     */
    private static boolean stackDown(Settings settings) {
        return StackSession.usesEmbeddedStack(settings)
                && !DetachedStack.brokerListening(StackConfig.defaults(ServiceRuntime.home()));
    }

    private static NoPipeline noPipeline(String message) {
        return new NoPipeline(new OutcomeView.NoAnswer(NoOutcome.NO_PIPELINE, message));
    }
}
