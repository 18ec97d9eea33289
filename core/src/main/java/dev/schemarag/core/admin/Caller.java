package dev.schemarag.core.admin;

import dev.schemarag.core.config.Asker;
import java.util.Optional;

/**
 * Who sent an HTTP request to the web console or MCP: the operator (the admin token, or anyone on a loopback server
 * that has no token), or a principal identified by a token of its own ({@link PrincipalTokens}).
 */
public sealed interface Caller {
    /** The request attribute that carries the caller from the authentication filter to the handlers. */
    String ATTRIBUTE = "dev.schemarag.caller";

    /**
     * Who the question or statement is asked as, given the principal the request names (null when none). Only on a
     * server without any token may a request name its principal: anyone can type a name, so once a token identifies
     * callers the principal comes from the token alone.
     *
     * @throws IllegalArgumentException when the request names a principal it may not
     */
    Asker asker(String requested);

    /** The operator: every route, questions without a principal unless the server is open. */
    record Operator(boolean open) implements Caller {
        @Override
        public Asker asker(String requested) {
            if (open || requested == null) return Asker.of(requested);
            throw new IllegalArgumentException(
                    "principal cannot be named in a request once a token is configured: it comes from the token");
        }
    }

    /** A principal's token: its own questions and contexts, as its mapped role. */
    record Principal(String name) implements Caller {
        @Override
        public Asker asker(String requested) {
            if (requested == null || requested.equals(name)) return new Asker(Optional.of(name));
            throw new IllegalArgumentException("this token asks as its own principal only");
        }
    }
}
