package dev.schemarag.core.admin;

import java.util.Optional;

/**
 * Who may call the web console's API or MCP over HTTP, and as whom: the admin token (or, on a loopback server without
 * any token, anyone) is the {@link Caller.Operator operator}; a principal's token is that {@link Caller.Principal
 * principal}. Once principal tokens are configured every request needs a token, so that nobody reaches the server
 * as the operator by leaving theirs out.
 */
public final class CallerAccess {
    private final AdminAccess admin;
    private final PrincipalTokens principals;

    private CallerAccess(AdminAccess admin, PrincipalTokens principals) {
        this.admin = admin;
        this.principals = principals;
    }

    /** @throws IllegalStateException as {@link AdminAccess#forBinding} */
    public static CallerAccess forBinding(String host, String adminToken, PrincipalTokens principals) {
        return new CallerAccess(AdminAccess.forBinding(host, adminToken), principals);
    }

    /** Whether every request must carry a token. */
    public boolean requiresToken() {
        return admin.requiresToken() || !principals.isEmpty();
    }

    /** The caller of a request with this {@code Authorization} header value (null when absent); empty: refuse it. */
    public Optional<Caller> identify(String authorization) {
        if (!requiresToken()) return Optional.of(new Caller.Operator(true));
        if (admin.requiresToken() && admin.admits(authorization)) return Optional.of(new Caller.Operator(false));
        return AdminAccess.bearer(authorization)
                .flatMap(principals::principalOf)
                .map(Caller.Principal::new);
    }
}
