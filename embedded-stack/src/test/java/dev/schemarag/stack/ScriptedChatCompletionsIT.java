package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.stack.ScriptedChatCompletions.Fault;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The scripted LLM endpoint over real HTTP: its script, its default answer and each switchable fault. */
class ScriptedChatCompletionsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final ScriptedChatCompletions llm = new ScriptedChatCompletions();

    ScriptedChatCompletionsIT() throws IOException {}

    @AfterEach
    void stop() {
        llm.close();
    }

    @Test
    void scriptedQuestionsAnswerInOrderAndOthersGetTheDefaultAnswerMadeFromTheirMessage() throws Exception {
        llm.answer("employees", "SELECT 1", "SELECT 2");
        llm.answerAnyQuestion(user -> "SELECT '" + user.length() + "'");

        assertThat(sql(ask("How many employees?"))).isEqualTo("SELECT 1");
        assertThat(sql(ask("How many employees?"))).isEqualTo("SELECT 2");
        assertThat(sql(ask("How many employees?"))).isEqualTo("SELECT 2");
        assertThat(sql(ask("Twelve chars"))).isEqualTo("SELECT '12'");
        assertThat(llm.promptsFor("employees")).hasSize(3);
        assertThat(llm.answered(Fault.NONE)).isEqualTo(4);
    }

    @Test
    void aFixedDefaultAnswerServesEveryQuestionAndWithoutOneAnUnscriptedQuestionIs404() throws Exception {
        assertThat(ask("anything").statusCode()).isEqualTo(404);

        llm.answerAnyQuestion("SELECT 42");

        assertThat(sql(ask("anything"))).isEqualTo("SELECT 42");
    }

    @Test
    void http500AndBackToTheScript() throws Exception {
        llm.answerAnyQuestion("SELECT 1");
        llm.fault(Fault.HTTP_500);

        assertThat(ask("q").statusCode()).isEqualTo(500);
        llm.fault(Fault.NONE);
        assertThat(sql(ask("q"))).isEqualTo("SELECT 1");
        assertThat(llm.answered(Fault.HTTP_500)).isEqualTo(1);
        assertThat(llm.answered(Fault.NONE)).isEqualTo(1);
    }

    @Test
    void http429CarriesRetryAfterInSeconds() throws Exception {
        llm.fault(Fault.HTTP_429);
        HttpResponse<String> byDefault = ask("q");
        llm.fault(Fault.HTTP_429, Duration.ofSeconds(7));
        HttpResponse<String> given = ask("q");

        assertThat(byDefault.statusCode()).isEqualTo(429);
        assertThat(byDefault.headers().firstValue("Retry-After")).contains("1");
        assertThat(given.headers().firstValue("Retry-After")).contains("7");
        assertThat(llm.answered(Fault.HTTP_429)).isEqualTo(2);
    }

    @Test
    void aHangingRequestIsNeverAnsweredAndDoesNotHoldUpTheNextOnesOnceTheFaultIsOff() throws Exception {
        llm.answerAnyQuestion("SELECT 1");
        llm.fault(Fault.HANG);

        assertThatThrownBy(() -> ask("q", Duration.ofMillis(300))).isInstanceOf(HttpTimeoutException.class);
        llm.fault(Fault.NONE);

        assertThat(sql(ask("q"))).isEqualTo("SELECT 1");
        assertThat(llm.answered(Fault.HANG)).isEqualTo(1);
    }

    @Test
    void notACompletionIsAn200HtmlPage() throws Exception {
        llm.fault(Fault.NOT_A_COMPLETION);

        HttpResponse<String> response = ask("q");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/html");
        assertThat(response.body()).startsWith("<html>");
    }

    @Test
    void contentNotJsonIsACompletionWhoseMessageIsProse() throws Exception {
        llm.answerAnyQuestion("SELECT 1");
        llm.fault(Fault.CONTENT_NOT_JSON);

        String content = content(ask("q"));

        assertThat(content).startsWith("Sure!");
        assertThat(llm.answered(Fault.CONTENT_NOT_JSON)).isEqualTo(1);
    }

    @Test
    void slowAnswersComeAfterTheDelayAndSlowNeedsOne() throws Exception {
        llm.answerAnyQuestion("SELECT 1");
        assertThatThrownBy(() -> llm.fault(Fault.SLOW)).isInstanceOf(IllegalArgumentException.class);
        llm.fault(Fault.SLOW, Duration.ofMillis(400));
        long started = System.nanoTime();

        assertThat(sql(ask("q"))).isEqualTo("SELECT 1");

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
        assertThat(llm.answered(Fault.SLOW)).isEqualTo(1);
    }

    @Test
    void hundredsOfSlowRequestsAreUnderWayAtOnce() {
        llm.answerAnyQuestion("SELECT 1");
        llm.fault(Fault.SLOW, Duration.ofSeconds(3));

        List<CompletableFuture<HttpResponse<String>>> calls = IntStream.range(0, 250)
                .mapToObj(i -> HTTP.sendAsync(request("q" + i, Duration.ofSeconds(60)), BodyHandlers.ofString()))
                .toList();

        assertThat(calls)
                .allSatisfy(call -> assertThat(call.join().statusCode()).isEqualTo(200));
        assertThat(llm.mostConcurrentRequests()).isEqualTo(250);
        assertThat(llm.answered(Fault.SLOW)).isEqualTo(250);
    }

    private HttpResponse<String> ask(String question) throws Exception {
        return ask(question, Duration.ofSeconds(10));
    }

    private HttpResponse<String> ask(String question, Duration timeout) throws Exception {
        return HTTP.send(request(question, timeout), BodyHandlers.ofString());
    }

    private HttpRequest request(String question, Duration timeout) {
        var body = JSON.createObjectNode().put("model", "m");
        body.putArray("messages")
                .add(JSON.createObjectNode().put("role", "system").put("content", "sys"))
                .add(JSON.createObjectNode().put("role", "user").put("content", question));
        return HttpRequest.newBuilder(URI.create(llm.baseUrl() + "/chat/completions"))
                .timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build();
    }

    private static String content(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode completion = JSON.readTree(response.body());
        return completion
                .path("choices")
                .path(0)
                .path("message")
                .path("content")
                .asText();
    }

    private static String sql(HttpResponse<String> response) throws Exception {
        return JSON.readTree(content(response)).path("query").asText();
    }
}
