package dev.schemarag.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrincipalTokensTest {
    private static final String FILE = "/etc/schemarag/principal-tokens";

    @Test
    void aTokenNamesItsPrincipalAndTheFileHoldsOnlyItsDigest() {
        String line = PrincipalTokens.line("sales", "sales-secret-token-1");
        PrincipalTokens tokens =
                PrincipalTokens.parse(FILE, List.of("# who asks", "", line, "  hr sha256:" + "AB".repeat(32)));

        assertThat(line).doesNotContain("sales-secret-token-1").matches("sales sha256:[0-9a-f]{64}");
        assertThat(tokens.principalOf("sales-secret-token-1")).hasValue("sales");
        assertThat(tokens.principalOf("sales-secret-token-2")).isEmpty();
        assertThat(tokens.isEmpty()).isFalse();
        assertThat(PrincipalTokens.load(" ").isEmpty()).isTrue();
    }

    @Test
    void aMalformedLineOrARepeatedTokenIsRefusedWithItsLineNumberAndNeverItsContent() {
        assertThatThrownBy(() -> PrincipalTokens.parse(FILE, List.of("sales plain-text-token")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("line 1")
                .hasMessageNotContaining("plain-text-token");
        String line = PrincipalTokens.line("sales", "t0123456789");
        assertThatThrownBy(() -> PrincipalTokens.parse(FILE, List.of(line, line.replace("sales", "hr"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("line 2 repeats a token");
        assertThatThrownBy(() -> PrincipalTokens.load("/nonexistent/principal-tokens"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(AdminSettings.PRINCIPAL_TOKENS_FILE.key());
        assertThatThrownBy(() -> PrincipalTokens.line("two words", "t")).isInstanceOf(IllegalArgumentException.class);
    }
}
