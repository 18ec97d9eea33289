package dev.schemarag.retrieval.llm;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.models.ResponseFormatJsonObject;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.completions.CompletionUsage;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.retrieval.TableChooser;
import java.time.Duration;

/**
 * Adapter: the selection step's model on any OpenAI-compatible chat-completions endpoint, the one generation uses
 * ({@code llm.*}). One attempt per question, no retry: the step is an optimisation, and retrieval keeps its own
 * selection when the model fails or is late.
 */
public final class OpenAiTableChooser implements TableChooser, AutoCloseable {
    private final OpenAIClient client;
    private final String model;

    public OpenAiTableChooser(LlmSettings settings) {
        this.model = settings.model();
        this.client = OpenAIOkHttpClient.builder()
                .baseUrl(settings.baseUrl().toString())
                .apiKey(settings.apiKey())
                .maxRetries(0)
                .timeout(settings.timeout())
                .build();
    }

    @Override
    public Reply ask(String system, String user, Duration timeout) {
        ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()
                .model(model)
                .temperature(0.0)
                .responseFormat(ResponseFormatJsonObject.builder().build())
                .addSystemMessage(system)
                .addUserMessage(user)
                .build();
        ChatCompletion completion = client.chat()
                .completions()
                .create(
                        params,
                        RequestOptions.builder()
                                .timeout(Timeout.builder()
                                        .connect(timeout)
                                        .read(timeout)
                                        .write(timeout)
                                        .request(timeout)
                                        .build())
                                .build());
        String content = completion.choices().isEmpty()
                ? ""
                : completion.choices().get(0).message().content().orElse("");
        CompletionUsage usage = completion.usage().orElse(null);
        return new Reply(
                content, usage == null ? 0 : usage.promptTokens(), usage == null ? 0 : usage.completionTokens());
    }

    @Override
    public void close() {
        client.close();
    }
}
