package dev.schemarag.generation.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.stack.ScriptedChatCompletions.Fault;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The adapter against a local chat-completions endpoint: the request it sends, its retry rule and its failures. */
class OpenAiCompatibleSqlGeneratorIT {
    private static final String QUESTION = "How many employees are there?";
    private static final String SQL = "SELECT count(*) FROM public.employees e";

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ScriptedChatCompletions llm = new ScriptedChatCompletions();
    private final OpenAiCompatibleSqlGenerator generator = generator(llm.baseUrl(), Duration.ofSeconds(5), 2);

    OpenAiCompatibleSqlGeneratorIT() throws IOException {}

    @AfterEach
    void stop() {
        llm.close();
    }

    private OpenAiCompatibleSqlGenerator generator(URI baseUrl, Duration timeout, int maxRetries) {
        return new OpenAiCompatibleSqlGenerator(
                new LlmSettings(baseUrl, "test-key", "test-model", timeout, maxRetries), new LlmMeters(meters));
    }

    private static Deadline minute() {
        return Deadline.after(Duration.ofMinutes(1));
    }

    private static GenerationRequest request() {
        return new GenerationRequest(
                "q1",
                "erp",
                QUESTION,
                Asker.ANONYMOUS,
                Optional.empty(),
                "CREATE TABLE public.employees (employee_id bigint);",
                List.of(),
                List.of(),
                0.9,
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void asksTheConfiguredModelForAJsonObjectWithTheKey() {
        llm.answer(QUESTION, SQL);

        generator.generate(request(), minute());

        assertThat(llm.requests())
                .singleElement()
                .asString()
                .contains(
                        "\"model\":\"test-model\"",
                        "\"response_format\":{\"type\":\"json_object\"}",
                        "\"role\":\"system\"");
        assertThat(llm.authorizations()).containsExactly("Bearer test-key");
    }

    @Test
    void theJsonAnswerBecomesTheCandidate() {
        llm.answer(QUESTION, SQL);

        assertThat(generator.generate(request(), minute()))
                .isEqualTo(GenerationOutcome.generated(
                        new GeneratedSql(SQL, "scripted", 0.9, List.of("public.employees"), List.of(), "llm")));
    }

    @Test
    void theBaseUrlPathPrefixIsKeptWithOrWithoutATrailingSlash() {
        llm.answer(QUESTION, SQL);

        generator(URI.create(llm.baseUrl() + "/"), Duration.ofSeconds(5), 0).generate(request(), minute());
        generator.generate(request(), minute());

        assertThat(llm.paths()).containsExactly("/v1/chat/completions", "/v1/chat/completions");
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void rateLimitsAndServerErrorsAreRetriedUntilTheAnswerComes(int status) {
        llm.answer(QUESTION, SQL);
        llm.fail(QUESTION, status, 2);

        GenerationOutcome outcome = generator.generate(request(), minute());

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Generated.class, g -> assertThat(
                        g.sql().sql())
                .isEqualTo(SQL));
        assertThat(llm.requests()).hasSize(3);
        assertThat(meters.get(LlmMeters.RETRIES).counter().count()).isEqualTo(2);
        assertThat(meters.get(LlmMeters.LATENCY).tag("result", "failed").timer().count())
                .isEqualTo(2);
        assertThat(meters.get(LlmMeters.LATENCY).tag("result", "ok").timer().count())
                .isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 502, 503})
    void failuresBeyondTheRetryBudgetAreUnavailable(int status) {
        llm.fail(QUESTION, status, Integer.MAX_VALUE);

        assertThat(generator.generate(request(), minute()))
                .isEqualTo(
                        GenerationOutcome.unavailable("LLM endpoint answered HTTP " + status + " after 3 attempt(s)"));
        assertThat(llm.requests()).hasSize(3);
    }

    @Test
    void clientErrorsAreNotRetried() {
        llm.fail(QUESTION, 401, Integer.MAX_VALUE);

        assertThat(generator.generate(request(), minute()))
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 401 after 1 attempt(s)"));
        assertThat(llm.requests()).hasSize(1);
    }

    @Test
    void aSlowEndpointTimesOut() {
        llm.answer(QUESTION, SQL);
        llm.delay(QUESTION, Duration.ofSeconds(1));

        assertThat(generator(llm.baseUrl(), Duration.ofMillis(300), 0).generate(request(), minute()))
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint timed out (300 ms) after 1 attempt(s)"));
    }

    @Test
    void unreachableEndpointIsUnavailable() {
        assertThat(generator(URI.create("http://127.0.0.1:1/v1"), Duration.ofSeconds(2), 0)
                        .generate(request(), minute()))
                .isInstanceOfSatisfying(GenerationOutcome.Unavailable.class, u -> assertThat(u.reason())
                        .startsWith("LLM endpoint unreachable (java.net.ConnectException")
                        .endsWith("after 1 attempt(s)"));
    }

    @Test
    void aHangingEndpointIsRetriedAfterEachTimeoutThenUnavailable() {
        llm.fault(Fault.HANG);

        GenerationOutcome outcome =
                generator(llm.baseUrl(), Duration.ofMillis(300), 1).generate(request(), minute());

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint timed out (300 ms) after 2 attempt(s)"));
        assertThat(llm.answered(Fault.HANG)).isEqualTo(2);
    }

    @Test
    void aHangingEndpointIsCutOffAtTheRecordDeadlineAsOutOfTime() {
        warmUp();
        llm.fault(Fault.HANG);
        long started = System.nanoTime();

        GenerationOutcome outcome = generator.generate(request(), Deadline.after(Duration.ofMillis(700)));

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.OutOfTime.class, o -> assertThat(o.reason())
                .startsWith("the record deadline of 700 ms passed: LLM endpoint timed out"));
        assertThat(elapsedSince(started)).isBetween(Duration.ofMillis(650), Duration.ofMillis(1500));
    }

    @Test
    void anAnswerSlowerThanTheDeadlineIsOutOfTimeAtTheDeadline() {
        warmUp();
        llm.fault(Fault.SLOW, Duration.ofSeconds(3));
        long started = System.nanoTime();

        GenerationOutcome outcome = generator.generate(request(), Deadline.after(Duration.ofMillis(700)));

        assertThat(outcome).isInstanceOf(GenerationOutcome.OutOfTime.class);
        assertThat(elapsedSince(started)).isLessThan(Duration.ofMillis(1500));
        assertThat(llm.answered(Fault.SLOW)).isEqualTo(1);
    }

    @Test
    void serverErrorsAreRetriedWithBackoffOnlyWhileTheWaitEndsBeforeTheDeadline() {
        llm.fault(Fault.HTTP_500);
        long started = System.nanoTime();

        // 500, wait 0.5 s, 500, then a 1 s wait would end past the 1.2 s deadline.
        GenerationOutcome outcome = generator(llm.baseUrl(), Duration.ofSeconds(5), 5)
                .generate(request(), Deadline.after(Duration.ofMillis(1200)));

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 500 after 2 attempt(s); the retry"
                        + " in 1000 ms would pass the deadline"));
        assertThat(llm.answered(Fault.HTTP_500)).isEqualTo(2);
        assertThat(elapsedSince(started)).isLessThan(Duration.ofMillis(1200));
    }

    @Test
    void rateLimitsWaitTheRetryAfterSecondsTheServerAsks() {
        llm.fault(Fault.HTTP_429, Duration.ofSeconds(1));
        long started = System.nanoTime();

        GenerationOutcome outcome =
                generator(llm.baseUrl(), Duration.ofSeconds(5), 1).generate(request(), minute());

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 429 after 2 attempt(s)"));
        assertThat(elapsedSince(started)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aBodyThatIsNotAChatCompletionIsUnavailableWithoutRetry() {
        llm.fault(Fault.NOT_A_COMPLETION);

        assertThat(generator.generate(request(), minute()))
                .isInstanceOfSatisfying(GenerationOutcome.Unavailable.class, u -> assertThat(u.reason())
                        .startsWith("the LLM endpoint's response is not a chat completion"));
        assertThat(llm.answered(Fault.NOT_A_COMPLETION)).isEqualTo(1);
    }

    @Test
    void proseInsteadOfTheJsonAnswerIsUnavailable() {
        llm.fault(Fault.CONTENT_NOT_JSON);

        assertThat(generator.generate(request(), minute()))
                .isInstanceOfSatisfying(GenerationOutcome.Unavailable.class, u -> assertThat(u.reason())
                        .startsWith("the LLM answer is not a JSON object"));
    }

    /** One answered call first, so that loading the SDK's classes does not eat into a short deadline. */
    private void warmUp() {
        llm.answer(QUESTION, SQL);
        assertThat(generator.generate(request(), minute())).isInstanceOf(GenerationOutcome.Generated.class);
    }

    private static Duration elapsedSince(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }
}
