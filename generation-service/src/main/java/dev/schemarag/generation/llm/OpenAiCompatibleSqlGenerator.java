package dev.schemarag.generation.llm;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.ResponseFormatJsonObject;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.Prompt;
import dev.schemarag.generation.PromptBuilder;
import dev.schemarag.generation.SqlGenerator;
import java.io.InterruptedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, vLLM, Ollama, LiteLLM)
 * through the official openai-java SDK, asked for a JSON object ({@code json_object}: the response format local
 * servers support most widely). The SDK retries 408, 409, 429, 5xx and I/O failures with exponential backoff,
 * honouring Retry-After; whatever still fails becomes {@code generation_unavailable}.
 */
public final class OpenAiCompatibleSqlGenerator implements SqlGenerator {
    private static final Logger log = LoggerFactory.getLogger(OpenAiCompatibleSqlGenerator.class);

    private final LlmSettings settings;
    private final PromptBuilder prompts = new PromptBuilder();
    private final OpenAIClient client;

    public OpenAiCompatibleSqlGenerator(LlmSettings settings) {
        this.settings = settings;
        this.client = OpenAIOkHttpClient.builder()
                .baseUrl(settings.baseUrl().toString())
                .apiKey(settings.apiKey())
                .maxRetries(settings.maxRetries())
                .timeout(settings.timeout())
                .build();
    }

    @Override
    public GenerationOutcome generate(GenerationRequest request) {
        Prompt prompt = prompts.build(request);
        ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()
                .model(settings.model())
                .temperature(0.0)
                .responseFormat(ResponseFormatJsonObject.builder().build())
                .addSystemMessage(prompt.system())
                .addUserMessage(prompt.user())
                .build();
        try {
            return ModelAnswerParser.parse(client.chat().completions().create(params));
        } catch (OpenAIServiceException e) {
            return unavailable(
                    request, "LLM endpoint answered HTTP " + e.statusCode() + " after " + attempts(e) + " attempt(s)");
        } catch (OpenAIIoException e) { // the SDK retries every I/O failure
            String attempts = (settings.maxRetries() + 1) + " attempt(s)";
            return unavailable(
                    request,
                    e.getCause() instanceof InterruptedIOException // OkHttp's call and read timeouts
                            ? "LLM endpoint timed out: " + attempts + " of "
                                    + settings.timeout().toMillis() + " ms"
                            : "LLM endpoint unreachable after " + attempts + ": " + e.getCause());
        } catch (OpenAIException e) { // e.g. a body that is not a chat completion
            return unavailable(request, "LLM call failed: " + e.getMessage());
        }
    }

    /** The SDK's rule (RetryingHttpClient.shouldRetry): the server's X-Should-Retry, else 408, 409, 429 and 5xx. */
    private int attempts(OpenAIServiceException e) {
        int status = e.statusCode();
        boolean retried = e.headers().values("X-Should-Retry").stream()
                .findFirst()
                .map("true"::equals)
                .orElse(status == 408 || status == 409 || status == 429 || status >= 500);
        return retried ? settings.maxRetries() + 1 : 1;
    }

    private static GenerationOutcome unavailable(GenerationRequest request, String reason) {
        log.warn("LLM call failed: questionId={} reason={}", request.questionId(), reason);
        return GenerationOutcome.unavailable(reason);
    }
}
