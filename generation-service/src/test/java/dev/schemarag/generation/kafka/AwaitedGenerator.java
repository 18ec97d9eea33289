package dev.schemarag.generation.kafka;

import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

/**
 * The LLM boundary as an asynchronous endpoint: every call is pending, on no thread, until the test answers it, as a
 * model call over the network is. Blocking calls are a mistake here.
 */
final class AwaitedGenerator implements SqlGenerator {
    private final Queue<CompletableFuture<GenerationOutcome>> pending = new ConcurrentLinkedQueue<>();

    @Override
    public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
        throw new AssertionError("a blocking call to an asynchronous generator");
    }

    @Override
    public CompletableFuture<GenerationOutcome> generateAsync(
            GenerationRequest request, Deadline deadline, Executor blocking) {
        CompletableFuture<GenerationOutcome> call = new CompletableFuture<>();
        pending.add(call);
        return call;
    }

    /** Calls asked for and not answered yet. */
    int pending() {
        return pending.size();
    }

    /** Answers every pending call with {@code sql}. */
    void answerAll(String sql) {
        for (CompletableFuture<GenerationOutcome> call = pending.poll(); call != null; call = pending.poll())
            call.complete(GenerationOutcome.generated(new GeneratedSql(sql, "", 0.9, List.of(), List.of(), "llm")));
    }

    /** Fails every pending call with {@code error}, as a generator that threw would. */
    void failAll(Throwable error) {
        for (CompletableFuture<GenerationOutcome> call = pending.poll(); call != null; call = pending.poll())
            call.completeExceptionally(error);
    }
}
