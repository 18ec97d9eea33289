package dev.schemarag.retrieval;

import java.time.Duration;

/** Port: the language model asked, in the optional selection step, which of a question's candidate tables it needs. */
public interface TableChooser {
    /**
     * The model's reply to one prompt; throws when the model cannot be reached, refuses or takes longer than {@code
     * timeout}.
     */
    Reply ask(String system, String user, Duration timeout);

    /** What the model said, and the tokens it counted for the call (0 when the endpoint does not say). */
    record Reply(String content, long promptTokens, long completionTokens) {}
}
