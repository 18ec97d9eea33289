package dev.schemarag.generation;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** Port: turns a question and its schema context into a SQL candidate. Never throws for an unreachable backend. */
public interface SqlGenerator {
    /** Returns within the deadline, give or take one network round trip; out of time once it has passed. */
    GenerationOutcome generate(GenerationRequest request, Deadline deadline);

    /**
     * {@link #generate}, completing later. A generator that blocks (a lookup in the store) runs on {@code blocking},
     * whose threads are few; one that waits on the network overrides this and holds no thread while it waits.
     */
    default CompletableFuture<GenerationOutcome> generateAsync(
            GenerationRequest request, Deadline deadline, Executor blocking) {
        return CompletableFuture.supplyAsync(() -> generate(request, deadline), blocking);
    }
}
