package dev.schemarag.core.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Settings;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmSettingsTest {

    @Test
    void noBaseUrlMeansNoLlm() {
        assertThat(LlmSettings.from(Settings.of(Map.of("llm.model", "gpt-4o")))).isEmpty();
    }

    @Test
    void baseUrlEnablesTheLlmWithoutATrailingSlash() {
        LlmSettings llm = LlmSettings.from(Settings.of(Map.of(
                        "llm.base.url",
                        "http://localhost:11434/v1/",
                        "llm.model",
                        "qwen2.5-coder",
                        "llm.timeout.seconds",
                        "30")))
                .orElseThrow();

        assertThat(llm.baseUrl()).isEqualTo(URI.create("http://localhost:11434/v1"));
        assertThat(llm.model()).isEqualTo("qwen2.5-coder");
        assertThat(llm.timeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void environmentVariablesFollowTheSettingNames() {
        assertThat(LlmSettings.BASE_URL.environmentVariable()).isEqualTo("LLM_BASE_URL");
        assertThat(LlmSettings.API_KEY.environmentVariable()).isEqualTo("LLM_API_KEY");
        assertThat(LlmSettings.MODEL.environmentVariable()).isEqualTo("LLM_MODEL");
    }

    @Test
    void theApiKeyNeverAppearsInTheDescription() {
        LlmSettings llm = LlmSettings.from(
                        Settings.of(Map.of("llm.base.url", "https://api.example.com/v1", "llm.api.key", "sk-secret")))
                .orElseThrow();

        assertThat(llm.toString()).doesNotContain("sk-secret");
    }
}
