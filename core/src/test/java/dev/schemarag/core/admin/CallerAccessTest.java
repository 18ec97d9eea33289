package dev.schemarag.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.Asker;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallerAccessTest {
    private static final String ADMIN = "admin-token-0123456789";
    private static final PrincipalTokens SALES =
            PrincipalTokens.parse("tokens", List.of(PrincipalTokens.line("sales", "sales-token-0123456789")));

    @Test
    void withoutAnyTokenLoopbackCallersAreTheOperatorAndMayNameTheirPrincipal() {
        CallerAccess open = CallerAccess.forBinding("127.0.0.1", "", PrincipalTokens.NONE);

        assertThat(open.requiresToken()).isFalse();
        assertThat(open.identify(null)).hasValue(new Caller.Operator(true));
        assertThat(open.identify(null).orElseThrow().asker("hr")).isEqualTo(Asker.of("hr"));
    }

    @Test
    void theAdminTokenIsTheOperatorWhoCanNoLongerNameAPrincipal() {
        CallerAccess access = CallerAccess.forBinding("127.0.0.1", ADMIN, SALES);

        Caller operator = access.identify("Bearer " + ADMIN).orElseThrow();

        assertThat(operator).isEqualTo(new Caller.Operator(false));
        assertThat(operator.asker(null)).isEqualTo(Asker.ANONYMOUS);
        assertThatThrownBy(() -> operator.asker("hr"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("comes from the token");
    }

    @Test
    void aPrincipalsTokenAsksAsThatPrincipalOnly() {
        CallerAccess access = CallerAccess.forBinding("127.0.0.1", ADMIN, SALES);

        Caller sales = access.identify("bearer sales-token-0123456789").orElseThrow();

        assertThat(sales).isEqualTo(new Caller.Principal("sales"));
        assertThat(sales.asker(null)).isEqualTo(Asker.of("sales"));
        assertThat(sales.asker("sales")).isEqualTo(Asker.of("sales"));
        assertThatThrownBy(() -> sales.asker("hr")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void principalTokensCloseALoopbackServerToCallersWithoutAToken() {
        CallerAccess access = CallerAccess.forBinding("127.0.0.1", "", SALES);

        assertThat(access.requiresToken()).isTrue();
        assertThat(access.identify(null)).isEmpty();
        assertThat(access.identify("Bearer guessed-token-0123456789")).isEmpty();
        assertThat(access.identify("Basic c2FsZXM6eA==")).isEmpty();
        assertThat(access.identify("Bearer sales-token-0123456789")).hasValue(new Caller.Principal("sales"));
    }
}
