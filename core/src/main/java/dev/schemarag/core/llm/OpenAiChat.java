package dev.schemarag.core.llm;

import com.openai.core.ClientOptions;
import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.models.ResponseFormatJsonObject;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import java.time.Duration;

/**
 * What every call of the chat-completions endpoint through the openai-java SDK shares: the client's endpoint, key and
 * timeout, the request for a JSON object, and a call's own timeout. The SDK is an optional dependency of core: the
 * modules that call the endpoint (retrieval, generation) declare it themselves, and the ingest image carries none of it.
 */
public final class OpenAiChat {
    private OpenAiChat() {}

    /**
     * The client's options for the configured endpoint, to which the caller adds the HTTP transport it needs. The SDK's
     * own retries are off: they wait and re-send without knowing the caller's deadline, so each caller decides.
     */
    public static ClientOptions.Builder clientOptions(LlmSettings settings) {
        return ClientOptions.builder()
                .baseUrl(settings.baseUrl().toString())
                .apiKey(settings.apiKey())
                .maxRetries(0)
                .timeout(settings.timeout());
    }

    /**
     * A deterministic request (temperature 0) for a JSON object: {@code json_object}, the response format local servers
     * support most widely.
     */
    public static ChatCompletionCreateParams jsonObject(String model, String system, String user) {
        return ChatCompletionCreateParams.builder()
                .model(model)
                .temperature(0.0)
                .responseFormat(ResponseFormatJsonObject.builder().build())
                .addSystemMessage(system)
                .addUserMessage(user)
                .build();
    }

    /** Every phase of a call, connecting included, within {@code timeout}. */
    public static RequestOptions within(Duration timeout) {
        return RequestOptions.builder()
                .timeout(Timeout.builder()
                        .connect(timeout)
                        .read(timeout)
                        .write(timeout)
                        .request(timeout)
                        .build())
                .build();
    }
}
