package dev.schemarag.generation.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.Prompt;
import dev.schemarag.generation.PromptBuilder;
import dev.schemarag.generation.SqlGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Adapter: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, vLLM, Ollama, LiteLLM),
 * asked for a JSON object. Retries 429 and 5xx with exponential backoff, honouring Retry-After; any other failure
 * becomes {@code generation_unavailable}.
 * <p>
 * Plain java.net.http + Jackson rather than the openai-java SDK: one POST does not justify the SDK's Kotlin and
 * OkHttp runtime, and the retry rule stays visible here.
 */
public final class OpenAiCompatibleSqlGenerator implements SqlGenerator {
    private static final Logger log = LoggerFactory.getLogger(OpenAiCompatibleSqlGenerator.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LlmSettings settings;
    private final PromptBuilder prompts = new PromptBuilder();
    private final HttpClient http;

    public OpenAiCompatibleSqlGenerator(LlmSettings settings) {
        this.settings = settings;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    @Override
    public GenerationOutcome generate(GenerationRequest request) {
        HttpRequest httpRequest = HttpRequest.newBuilder(settings.chatCompletions())
                .timeout(settings.timeout())
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + settings.apiKey())
                .POST(HttpRequest.BodyPublishers.ofString(body(prompts.build(request))))
                .build();
        Duration backoff = settings.backoff();
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response;
            try {
                response = http.send(httpRequest, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                log.warn("LLM call failed: questionId={} attempt={} error={}", request.questionId(), attempt, e.toString());
                return GenerationOutcome.unavailable("LLM endpoint unreachable: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return GenerationOutcome.unavailable("interrupted while calling the LLM");
            }
            int status = response.statusCode();
            if (status / 100 == 2) return ModelAnswerParser.parse(response.body());
            boolean retriable = status == 429 || status / 100 == 5;
            log.warn("LLM call failed: questionId={} attempt={} status={} retriable={}", request.questionId(), attempt, status, retriable);
            if (!retriable || attempt > settings.maxRetries())
                return GenerationOutcome.unavailable("LLM endpoint answered HTTP " + status + " after " + attempt + " attempt(s)");
            if (!sleep(retryAfter(response).orElse(backoff))) return GenerationOutcome.unavailable("interrupted while calling the LLM");
            backoff = backoff.multipliedBy(2);
        }
    }

    private String body(Prompt prompt) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", settings.model());
        body.put("temperature", 0);
        body.putObject("response_format").put("type", "json_object");
        var messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", prompt.system());
        messages.addObject().put("role", "user").put("content", prompt.user());
        return body.toString();
    }

    private static java.util.Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(v -> {
            try {
                return java.util.Optional.of(Duration.ofSeconds(Math.min(30, Long.parseLong(v.strip()))));
            } catch (NumberFormatException e) {
                return java.util.Optional.empty(); // an HTTP date: fall back to our own backoff
            }
        });
    }

    private static boolean sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
