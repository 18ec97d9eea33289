package dev.schemarag.generation.llm;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.RequestOptions;
import com.openai.core.Timeout;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.ResponseFormatJsonObject;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.Prompt;
import dev.schemarag.generation.PromptBuilder;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.llm.DeadlineRetry.Attempt;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, vLLM, Ollama, LiteLLM)
 * through the official openai-java SDK, asked for a JSON object ({@code json_object}: the response format local
 * servers support most widely). 408, 409, 429, 5xx and I/O failures are retried within the record's deadline
 * ({@link DeadlineRetry}; the SDK's own retries are off); whatever still fails becomes {@code generation_unavailable},
 * and a deadline passing during a call becomes {@link GenerationOutcome.OutOfTime}.
 */
public final class OpenAiCompatibleSqlGenerator implements SqlGenerator {
    private static final Logger log = LoggerFactory.getLogger(OpenAiCompatibleSqlGenerator.class);

    private final LlmSettings settings;
    private final PromptBuilder prompts = new PromptBuilder();
    private final OpenAIClient client;
    private final DeadlineRetry retry;
    private final LlmMeters meters;

    public OpenAiCompatibleSqlGenerator(LlmSettings settings, LlmMeters meters) {
        this.settings = settings;
        this.meters = meters;
        this.client = OpenAIOkHttpClient.builder()
                .baseUrl(settings.baseUrl().toString())
                .apiKey(settings.apiKey())
                .maxRetries(0)
                .timeout(settings.timeout())
                .build();
        this.retry = new DeadlineRetry(settings.timeout(), settings.maxRetries(), d -> Thread.sleep(d.toMillis()));
    }

    @Override
    public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
        Prompt prompt = prompts.build(request);
        ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()
                .model(settings.model())
                .temperature(0.0)
                .responseFormat(ResponseFormatJsonObject.builder().build())
                .addSystemMessage(prompt.system())
                .addUserMessage(prompt.user())
                .build();
        AtomicInteger attempts = new AtomicInteger();
        GenerationOutcome outcome = retry.run(deadline, timeout -> {
            attempts.incrementAndGet();
            return timedAttempt(params, timeout);
        });
        meters.request(attempts.get());
        if (!(outcome instanceof GenerationOutcome.Generated))
            log.warn("LLM call failed: questionId={} reason={}", request.questionId(), reason(outcome));
        return outcome;
    }

    private Attempt timedAttempt(ChatCompletionCreateParams params, Duration timeout) {
        long start = System.nanoTime();
        Attempt attempt = attempt(params, timeout);
        meters.attempt(Duration.ofNanos(System.nanoTime() - start), attempt instanceof Attempt.Done);
        return attempt;
    }

    private Attempt attempt(ChatCompletionCreateParams params, Duration timeout) {
        // Every phase of the call, connecting included, within the attempt's time.
        RequestOptions options = RequestOptions.builder()
                .timeout(Timeout.builder()
                        .connect(timeout)
                        .read(timeout)
                        .write(timeout)
                        .request(timeout)
                        .build())
                .build();
        try {
            return new Attempt.Done(
                    ModelAnswerParser.parse(client.chat().completions().create(params, options)));
        } catch (OpenAIServiceException e) {
            return new Attempt.Failed(
                    "LLM endpoint answered HTTP " + e.statusCode(),
                    retryable(e),
                    DeadlineRetry.retryAfter(header(e, "Retry-After-Ms"), header(e, "Retry-After")),
                    false);
        } catch (OpenAIIoException e) {
            boolean timedOut = e.getCause() instanceof InterruptedIOException; // OkHttp's call and read timeouts
            return new Attempt.Failed(
                    timedOut
                            ? "LLM endpoint timed out (" + timeout.toMillis() + " ms)"
                            : "LLM endpoint unreachable (" + e.getCause() + ")",
                    true,
                    Optional.empty(),
                    timedOut);
        } catch (OpenAIException e) { // a 200 whose body is not a chat completion: a proxy or endpoint misconfigured
            return new Attempt.Done(GenerationOutcome.unavailable(
                    "the LLM endpoint's response is not a chat completion: " + e.getMessage()));
        }
    }

    /** The SDK's rule (RetryingHttpClient.shouldRetry): the server's X-Should-Retry, else 408, 409, 429 and 5xx. */
    private static boolean retryable(OpenAIServiceException e) {
        int status = e.statusCode();
        return header(e, "X-Should-Retry")
                .map("true"::equals)
                .orElse(status == 408 || status == 409 || status == 429 || status >= 500);
    }

    private static Optional<String> header(OpenAIServiceException e, String name) {
        return e.headers().values(name).stream().findFirst();
    }

    private static String reason(GenerationOutcome outcome) {
        return outcome instanceof GenerationOutcome.OutOfTime out
                ? out.reason()
                : ((GenerationOutcome.Unavailable) outcome).reason();
    }
}
