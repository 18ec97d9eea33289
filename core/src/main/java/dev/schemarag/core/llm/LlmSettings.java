package dev.schemarag.core.llm;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where the OpenAI-compatible chat-completions endpoint is ({@code LLM_BASE_URL}, e.g. {@code https://api.openai.com/v1}),
 * with which key and model. No base URL means no LLM: the service then answers from verified examples.
 */
public record LlmSettings(URI baseUrl, String apiKey, String model, Duration timeout, int maxRetries) {
    public static final Setting<String> BASE_URL =
            Setting.string("llm.base.url", "", "OpenAI-compatible API base URL; empty disables the LLM");
    public static final Setting<String> API_KEY = Setting.string("llm.api.key", "", "API key sent as a Bearer token");
    public static final Setting<String> MODEL = Setting.string("llm.model", "gpt-4o-mini", "chat model name");
    public static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer(
            "llm.timeout.seconds", 60, 1, 600, "timeout of each attempt, at most what is left of the record deadline");
    public static final Setting<Integer> MAX_RETRIES = Setting.integer(
            "llm.max.retries",
            3,
            0,
            10,
            "retries on 408, 409, 429, 5xx and I/O failures after the server's Retry-After or a backoff of 0.5 s"
                    + " doubling to 8 s, only while the wait ends before generation.record.deadline.ms");

    public static List<Setting<?>> declared() {
        return List.of(BASE_URL, API_KEY, MODEL, TIMEOUT_SECONDS, MAX_RETRIES);
    }

    public LlmSettings {
        String url = baseUrl.toString();
        if (url.endsWith("/")) baseUrl = URI.create(url.substring(0, url.length() - 1));
    }

    /** The configured endpoint, or empty when {@code llm.base.url} is not set. */
    public static Optional<LlmSettings> from(Settings settings) {
        String base = settings.get(BASE_URL).strip();
        if (base.isEmpty()) return Optional.empty();
        return Optional.of(new LlmSettings(
                URI.create(base),
                settings.get(API_KEY),
                settings.get(MODEL),
                Duration.ofSeconds(settings.get(TIMEOUT_SECONDS)),
                settings.get(MAX_RETRIES)));
    }

    @Override
    public String toString() {
        return "LlmSettings[baseUrl=" + baseUrl + ", model=" + model + ", timeout=" + timeout + ", maxRetries="
                + maxRetries + "]";
    }
}
