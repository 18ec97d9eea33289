package dev.schemarag.generation.kafka;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * What a {@link BufferedProcessor} does with each record of type {@code E}: the work, and the {@code R} it forwards for
 * it, an output or a dead letter.
 */
interface BufferedWork<E, R> {

    /** The id the record is buffered under: a later record with the same id replaces it. */
    String id(E event);

    /**
     * Starts the work, on a worker thread; it may block, within its own deadline, or return a stage that completes
     * later: further steps that hold a thread go on {@code blocking}, and waits that need none (an asynchronous model
     * call) on no thread of it.
     */
    CompletionStage<R> start(E event, BufferedRecord source, Executor blocking);

    /** What a run that threw forwards: a dead letter, so that the record is not run again forever. */
    R threw(E event, BufferedRecord source, Throwable error);

    /** What a buffered record that no longer deserializes forwards. */
    R unreadable(BufferedRecord source, RuntimeException error);

    /** Told of each result as it is forwarded, on the stream thread: what was forwarded is what counts. */
    void forwarded(R result);
}
