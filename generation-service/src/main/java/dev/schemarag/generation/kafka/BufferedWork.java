package dev.schemarag.generation.kafka;

/**
 * What a {@link BufferedProcessor} does with each record of type {@code E}: the blocking work, run on a worker
 * thread, and the {@code R} it forwards for it, an output or a dead letter.
 */
interface BufferedWork<E, R> {

    /** The id the record is buffered under: a later record with the same id replaces it. */
    String id(E event);

    /** The work, on a worker thread; it may block, within its own deadline. */
    R run(E event, BufferedRecord source);

    /** What a run that threw forwards: a dead letter, so that the record is not run again forever. */
    R threw(E event, BufferedRecord source, Throwable error);

    /** What a buffered record that no longer deserializes forwards. */
    R unreadable(BufferedRecord source, RuntimeException error);

    /** Told of each result as it is forwarded, on the stream thread: what was forwarded is what counts. */
    void forwarded(R result);
}
