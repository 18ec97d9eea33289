package dev.schemarag.generation;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What an asynchronous step ended with, as the synchronous code it replaces would have thrown it. */
public final class AsyncResults {
    private AsyncResults() {}

    /** The failure itself, out of the {@link CompletionException} or {@link ExecutionException} that carries it. */
    public static Throwable cause(Throwable error) {
        Throwable e = error;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null)
            e = e.getCause();
        return e;
    }

    /** Waits for {@code future}; a failure is rethrown as itself when it is unchecked. */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = cause(e);
            if (cause instanceof RuntimeException runtime) throw runtime;
            if (cause instanceof Error error) throw error;
            throw e;
        }
    }
}
