package dev.schemarag.core.questions;

/**
 * What retrieval and generation agree on about the answer cache's probe: retrieval looks a question up before it
 * embeds it, and a question generation sends back (its entry could not be served) carries {@link #SETTING} off, so
 * that retrieval ranks it this time.
 */
public final class AnswerCacheProbing {
    /** The retrieval setting, per question or for the service, that turns the probe on or off. */
    public static final String SETTING = "retrieval.answer-cache.probe";
    /** The retrieval strategy of a context that names a cached answer instead of holding a packet. */
    public static final String STRATEGY = "answer_cache";

    private AnswerCacheProbing() {}
}
