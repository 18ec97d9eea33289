package dev.schemarag.retrieval.llm;

import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientImpl;
import com.openai.client.okhttp.OkHttpClient;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.completions.CompletionUsage;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.llm.OpenAiChat;
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
        // The SDK's OkHttp transport, as OpenAIOkHttpClient builds it.
        this.client = new OpenAIClientImpl(OpenAiChat.clientOptions(settings)
                .httpClient(OkHttpClient.builder().timeout(settings.timeout()).build())
                .build());
    }

    @Override
    public Reply ask(String system, String user, Duration timeout) {
        ChatCompletion completion = client.chat()
                .completions()
                .create(OpenAiChat.jsonObject(model, system, user), OpenAiChat.within(timeout));
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
