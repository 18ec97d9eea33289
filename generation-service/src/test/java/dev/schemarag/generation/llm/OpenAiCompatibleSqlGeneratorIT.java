package dev.schemarag.generation.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.stack.ScriptedChatCompletions;
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

    private final ScriptedChatCompletions llm = new ScriptedChatCompletions();
    private final OpenAiCompatibleSqlGenerator generator = generator(llm.baseUrl(), Duration.ofSeconds(5), 2);

    OpenAiCompatibleSqlGeneratorIT() throws IOException {}

    @AfterEach
    void stop() {
        llm.close();
    }

    private static OpenAiCompatibleSqlGenerator generator(URI baseUrl, Duration timeout, int maxRetries) {
        return new OpenAiCompatibleSqlGenerator(
                new LlmSettings(baseUrl, "test-key", "test-model", timeout, maxRetries));
    }

    private static GenerationRequest request() {
        return new GenerationRequest(
                "q1",
                "erp",
                QUESTION,
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

        generator.generate(request());

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

        assertThat(generator.generate(request()))
                .isEqualTo(GenerationOutcome.generated(
                        new GeneratedSql(SQL, "scripted", 0.9, List.of("public.employees"), List.of(), "llm")));
    }

    @Test
    void theBaseUrlPathPrefixIsKeptWithOrWithoutATrailingSlash() {
        llm.answer(QUESTION, SQL);

        generator(URI.create(llm.baseUrl() + "/"), Duration.ofSeconds(5), 0).generate(request());
        generator.generate(request());

        assertThat(llm.paths()).containsExactly("/v1/chat/completions", "/v1/chat/completions");
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void rateLimitsAndServerErrorsAreRetriedUntilTheAnswerComes(int status) {
        llm.answer(QUESTION, SQL);
        llm.fail(QUESTION, status, 2);

        GenerationOutcome outcome = generator.generate(request());

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Generated.class, g -> assertThat(
                        g.sql().sql())
                .isEqualTo(SQL));
        assertThat(llm.requests()).hasSize(3);
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 502, 503})
    void failuresBeyondTheRetryBudgetAreUnavailable(int status) {
        llm.fail(QUESTION, status, Integer.MAX_VALUE);

        assertThat(generator.generate(request()))
                .isEqualTo(
                        GenerationOutcome.unavailable("LLM endpoint answered HTTP " + status + " after 3 attempt(s)"));
        assertThat(llm.requests()).hasSize(3);
    }

    @Test
    void clientErrorsAreNotRetried() {
        llm.fail(QUESTION, 401, Integer.MAX_VALUE);

        assertThat(generator.generate(request()))
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 401 after 1 attempt(s)"));
        assertThat(llm.requests()).hasSize(1);
    }

    @Test
    void aSlowEndpointTimesOut() {
        llm.answer(QUESTION, SQL);
        llm.delay(QUESTION, Duration.ofSeconds(1));

        assertThat(generator(llm.baseUrl(), Duration.ofMillis(300), 0).generate(request()))
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint timed out: 1 attempt(s) of 300 ms"));
    }

    @Test
    void unreachableEndpointIsUnavailable() {
        assertThat(generator(URI.create("http://127.0.0.1:1/v1"), Duration.ofSeconds(2), 0)
                        .generate(request()))
                .isInstanceOfSatisfying(GenerationOutcome.Unavailable.class, u -> assertThat(u.reason())
                        .startsWith("LLM endpoint unreachable after 1 attempt(s): java.net.ConnectException"));
    }
}
