package dev.schemarag.generation.llm;

import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The adapter against a local chat-completions endpoint: the request it sends and its retry rule. */
class OpenAiCompatibleSqlGeneratorTest {
    private static final String QUESTION = "How many employees are there?";

    private final FakeChatCompletions llm = new FakeChatCompletions();
    private final OpenAiCompatibleSqlGenerator generator = new OpenAiCompatibleSqlGenerator(
            new LlmSettings(llm.baseUrl(), "test-key", "test-model", Duration.ofSeconds(5), 2, Duration.ofMillis(1)));

    OpenAiCompatibleSqlGeneratorTest() throws IOException {}

    @AfterEach
    void stop() {
        llm.close();
    }

    private static GenerationRequest request() {
        return new GenerationRequest("q1", "erp", QUESTION, Optional.empty(), "CREATE TABLE public.employees (employee_id bigint);",
                List.of(), List.of(), 0.9, Optional.empty(), Optional.empty());
    }

    @Test
    void asksTheConfiguredModelForAJsonObjectWithTheKey() {
        llm.answer(QUESTION, "SELECT count(*) FROM public.employees e");

        generator.generate(request());

        assertThat(llm.requests()).singleElement().asString()
                .contains("\"model\":\"test-model\"", "\"response_format\":{\"type\":\"json_object\"}", "\"role\":\"system\"");
        assertThat(llm.authorizations()).containsExactly("Bearer test-key");
    }

    @Test
    void rateLimitIsRetriedUntilTheAnswerComes() {
        llm.answer(QUESTION, "SELECT count(*) FROM public.employees e");
        llm.fail(QUESTION, 429, 2);

        GenerationOutcome outcome = generator.generate(request());

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Generated.class,
                g -> assertThat(g.sql().sql()).isEqualTo("SELECT count(*) FROM public.employees e"));
        assertThat(llm.requests()).hasSize(3);
    }

    @Test
    void serverErrorsBeyondTheRetryBudgetAreUnavailable() {
        llm.fail(QUESTION, 502, Integer.MAX_VALUE);

        assertThat(generator.generate(request())).isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 502 after 3 attempt(s)"));
    }

    @Test
    void clientErrorsAreNotRetried() {
        llm.fail(QUESTION, 401, Integer.MAX_VALUE);

        assertThat(generator.generate(request())).isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 401 after 1 attempt(s)"));
        assertThat(llm.requests()).hasSize(1);
    }

    @Test
    void unreachableEndpointIsUnavailable() {
        OpenAiCompatibleSqlGenerator nowhere = new OpenAiCompatibleSqlGenerator(new LlmSettings(URI.create("http://127.0.0.1:1/v1"),
                "k", "m", Duration.ofSeconds(2), 2, Duration.ofMillis(1)));

        assertThat(nowhere.generate(request())).isInstanceOfSatisfying(GenerationOutcome.Unavailable.class,
                u -> assertThat(u.reason()).startsWith("LLM endpoint unreachable"));
    }
}
