package dev.schemarag.generation.llm;

import com.openai.client.OpenAIClientAsync;
import com.openai.client.OpenAIClientAsyncImpl;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.llm.OpenAiChat;
import dev.schemarag.core.retry.Backoff;
import dev.schemarag.core.retry.BudgetedRetry;
import dev.schemarag.generation.AsyncResults;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.Prompt;
import dev.schemarag.generation.PromptBuilder;
import dev.schemarag.generation.SqlGenerator;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, vLLM, Ollama, LiteLLM)
 * through the official openai-java SDK, asked for a JSON object ({@code json_object}: the response format local
 * servers support most widely). 408, 409, 429, 5xx and I/O failures are retried within what is left of the record's
 * deadline ({@link BudgetedRetry}), after the server's Retry-After or the backoff, each attempt given the call timeout
 * or what is left if that is less. The SDK's own retries are off: they wait and re-send without knowing the deadline.
 * Whatever still fails becomes {@code generation_unavailable}; a deadline passing during a call, or cutting an
 * attempt short, becomes {@link GenerationOutcome.OutOfTime}, which the pipeline dead-letters as infra_failure.
 */
public final class OpenAiCompatibleSqlGenerator implements SqlGenerator {
    private static final Logger log = LoggerFactory.getLogger(OpenAiCompatibleSqlGenerator.class);
    /** 0.5 s, 1 s, 2 s, ... at most 8 s: the SDK's schedule, without its jitter. */
    private static final Backoff BACKOFF = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(8));

    private final LlmSettings settings;
    private final PromptBuilder prompts = new PromptBuilder();
    private final OpenAIClientAsync client;
    private final BudgetedRetry retry;
    private final LlmMeters meters;

    public OpenAiCompatibleSqlGenerator(LlmSettings settings, LlmMeters meters) {
        this.settings = settings;
        this.meters = meters;
        this.client = new OpenAIClientAsyncImpl(OpenAiChat.clientOptions(settings)
                .httpClient(new JdkHttpTransport(settings.timeout()))
                .build());
        this.retry = new BudgetedRetry(
                BACKOFF, settings.maxRetries(), FailedCall.RULE, System::nanoTime, BudgetedRetry.Sleeper.THREAD);
    }

    /** {@link #generateAsync}, waited for. */
    @Override
    public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
        return AsyncResults.join(generateAsync(request, deadline, Runnable::run));
    }

    /** Holds no thread while the endpoint answers, nor between attempts: neither {@code blocking}'s nor another. */
    @Override
    public CompletableFuture<GenerationOutcome> generateAsync(
            GenerationRequest request, Deadline deadline, Executor blocking) {
        Prompt prompt = prompts.build(request);
        ChatCompletionCreateParams params = OpenAiChat.jsonObject(settings.model(), prompt.system(), prompt.user());
        AtomicInteger attempts = new AtomicInteger();
        return retry.callAsync(
                        "LLM call for question " + request.questionId(),
                        deadline.remaining(),
                        () -> timedAttempt(params, deadline, attempts))
                .handle((generated, error) -> {
                    GenerationOutcome outcome = error == null ? generated : gaveUp(AsyncResults.cause(error), deadline);
                    meters.request(attempts.get());
                    if (!(outcome instanceof GenerationOutcome.Generated))
                        log.warn("LLM call failed: questionId={} reason={}", request.questionId(), reason(outcome));
                    return outcome;
                });
    }

    private static GenerationOutcome gaveUp(Throwable error, Deadline deadline) {
        if (!(error instanceof BudgetedRetry.GaveUp e)) throw new CompletionException(error);
        FailedCall last = (FailedCall) e.getCause();
        return deadline.passed() || last.cutShortByDeadline
                ? GenerationOutcome.outOfTime(
                        "the record deadline of " + deadline.budget().toMillis() + " ms passed: " + last.getMessage()
                                + " on attempt " + e.attempts())
                : GenerationOutcome.unavailable(e.getMessage());
    }

    /** One attempt, given the call timeout or what is left of the deadline if that is less. */
    private CompletableFuture<GenerationOutcome> timedAttempt(
            ChatCompletionCreateParams params, Deadline deadline, AtomicInteger attempts) {
        Duration timeout = deadline.cap(settings.timeout());
        if (timeout.isZero())
            return CompletableFuture.failedFuture(
                    new FailedCall("no time left for the call", false, Optional.empty(), false));
        attempts.incrementAndGet();
        long start = System.nanoTime();
        meters.callStarted();
        CompletableFuture<ChatCompletion> call;
        try {
            call = client.chat().completions().create(params, OpenAiChat.within(timeout));
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        return call.handle((completion, error) -> {
            meters.callEnded(Duration.ofNanos(System.nanoTime() - start), error == null);
            return outcome(completion, error, timeout);
        });
    }

    /**
     * The attempt's outcome, or its {@link FailedCall} (in a {@link CompletionException}). A 200 whose body is not a
     * chat completion (a proxy or endpoint misconfigured) is no failure another attempt may cure: it is
     * {@code generation_unavailable} at once.
     */
    private GenerationOutcome outcome(ChatCompletion completion, Throwable error, Duration timeout) {
        Throwable cause = error == null ? null : AsyncResults.cause(error);
        if (cause == null) {
            try {
                return ModelAnswerParser.parse(completion);
            } catch (OpenAIException e) {
                cause = e;
            }
        }
        if (cause instanceof OpenAIServiceException e)
            throw new CompletionException(new FailedCall(
                    "LLM endpoint answered HTTP " + e.statusCode(),
                    retryable(e),
                    FailedCall.retryAfter(header(e, "Retry-After-Ms"), header(e, "Retry-After")),
                    false));
        if (cause instanceof OpenAIIoException e) {
            boolean timedOut = e.getCause() instanceof HttpTimeoutException;
            FailedCall failed = new FailedCall(
                    timedOut
                            ? "LLM endpoint timed out (" + timeout.toMillis() + " ms)"
                            : "LLM endpoint unreachable (" + e.getCause() + ")",
                    true,
                    Optional.empty(),
                    timedOut);
            throw new CompletionException(
                    timedOut && timeout.compareTo(settings.timeout()) < 0 ? failed.cutShort() : failed);
        }
        if (cause instanceof OpenAIException e)
            return GenerationOutcome.unavailable(
                    "the LLM endpoint's response is not a chat completion: " + e.getMessage());
        throw new CompletionException(cause);
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
