package dev.schemarag.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.openai.core.ClientOptions;
import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.core.http.HttpClient;
import com.openai.core.http.HttpRequest;
import com.openai.core.http.HttpResponse;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessageParam;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class OpenAiChatTest {
    @Test
    void theClientGoesToTheConfiguredEndpointWithItsTimeoutAndLeavesRetryingToTheCaller() {
        LlmSettings settings =
                new LlmSettings(URI.create("http://127.0.0.1:9/v1/"), "k", "m", Duration.ofSeconds(7), 3);

        ClientOptions options =
                OpenAiChat.clientOptions(settings).httpClient(new NoTransport()).build();

        assertThat(options.baseUrl()).isEqualTo("http://127.0.0.1:9/v1");
        assertThat(options.timeout().request()).isEqualTo(Duration.ofSeconds(7));
        assertThat(options.maxRetries()).isZero();
    }

    @Test
    void aRequestAsksTheModelForAJsonObjectWithoutSampling() {
        ChatCompletionCreateParams params = OpenAiChat.jsonObject("m", "the system", "the user");

        assertThat(params.model().asString()).isEqualTo("m");
        assertThat(params.temperature()).contains(0.0);
        assertThat(params.responseFormat())
                .hasValueSatisfying(f -> assertThat(f.isJsonObject()).isTrue());
        assertThat(params.messages())
                .extracting(ChatCompletionMessageParam::isSystem, ChatCompletionMessageParam::isUser)
                .containsExactly(tuple(true, false), tuple(false, true));
        assertThat(params.messages().get(0).asSystem().content().asText()).isEqualTo("the system");
        assertThat(params.messages().get(1).asUser().content().asText()).isEqualTo("the user");
    }

    @Test
    void everyPhaseOfACallHasTheCallsTimeout() {
        Duration timeout = Duration.ofMillis(1500);

        Timeout phases = OpenAiChat.within(timeout).getTimeout();

        assertThat(phases.connect()).isEqualTo(timeout);
        assertThat(phases.read()).isEqualTo(timeout);
        assertThat(phases.write()).isEqualTo(timeout);
        assertThat(phases.request()).isEqualTo(timeout);
    }

    /** The client options need a transport; these tests make no call. */
    private static final class NoTransport implements HttpClient {
        @Override
        public HttpResponse execute(HttpRequest request, RequestOptions options) {
            throw new UnsupportedOperationException("no call in these tests");
        }

        @Override
        public CompletableFuture<HttpResponse> executeAsync(HttpRequest request, RequestOptions options) {
            throw new UnsupportedOperationException("no call in these tests");
        }

        @Override
        public void close() {}
    }
}
