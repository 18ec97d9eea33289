package dev.schemarag.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Only literal addresses here: {@link AdminAccess#isLoopback} resolves names, and unit tests do no I/O. */
class AdminAccessTest {
    private static final String TOKEN = "s3cret-token-0123456789";

    @Test
    void aConfiguredTokenAdmitsOnlyItsBearerHeader() {
        AdminAccess access = AdminAccess.forBinding("0.0.0.0", TOKEN);

        assertThat(access.requiresToken()).isTrue();
        assertThat(access.admits("Bearer " + TOKEN)).isTrue();
        assertThat(access.admits("bearer " + TOKEN))
                .as("the scheme is case-insensitive")
                .isTrue();
        assertThat(access.admits(null)).isFalse();
        assertThat(access.admits("")).isFalse();
        assertThat(access.admits("Bearer ")).isFalse();
        assertThat(access.admits("Bearer " + TOKEN + "x")).isFalse();
        assertThat(access.admits("Bearer " + TOKEN.substring(1))).isFalse();
        assertThat(access.admits("Basic " + TOKEN)).isFalse();
        assertThat(access.admits(TOKEN)).isFalse();
    }

    @Test
    void aTokenIsRequiredOnLoopbackTooOnceConfigured() {
        assertThat(AdminAccess.forBinding("127.0.0.1", TOKEN).admits(null)).isFalse();
    }

    @Test
    void loopbackWithoutATokenAdmitsEveryRequest() {
        AdminAccess access = AdminAccess.forBinding("127.0.0.1", "");

        assertThat(access.requiresToken()).isFalse();
        assertThat(access.admits(null)).isTrue();
        assertThat(AdminAccess.forBinding("::1", null).admits(null)).isTrue();
    }

    @Test
    void aNonLoopbackAddressWithoutATokenIsRefusedWithTheSettingToFixIt() {
        for (String host : new String[] {"0.0.0.0", "10.1.2.3", "::", ""}) {
            assertThatThrownBy(() -> AdminAccess.forBinding(host, " "))
                    .as(host)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("SCHEMARAG_ADMIN_TOKEN")
                    .hasMessageContaining("ADMIN_HOST");
        }
    }

    @Test
    void aShortTokenIsRefusedWithoutRepeatingIt() {
        assertThatThrownBy(() -> AdminAccess.forBinding("127.0.0.1", "short-secret"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at least 16 characters")
                .hasMessageNotContaining("short-secret");
    }
}
