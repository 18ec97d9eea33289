package dev.schemarag.retrieval.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.retrieval.ModelTableSelection;
import dev.schemarag.retrieval.TableChooser;
import dev.schemarag.stack.ScriptedChatCompletions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The adapter against a scripted OpenAI-compatible endpoint on loopback: the wire format both ways. */
class OpenAiTableChooserTest {
    @Test
    void sendsTheSystemAndUserMessagesAndReturnsTheModelsContent() throws Exception {
        try (ScriptedChatCompletions endpoint = new ScriptedChatCompletions();
                OpenAiTableChooser chooser = new OpenAiTableChooser(settings(endpoint))) {
            endpoint.answerTableSelections(user -> user.contains("hr.employees") ? List.of("hr.employees") : List.of());

            TableChooser.Reply reply = chooser.ask(
                    ModelTableSelection.SYSTEM,
                    "Question: How many employees?\n\nCandidate tables:\n- hr.employees(employee_id)\n",
                    Duration.ofSeconds(5));

            assertThat(reply.content()).isEqualTo("{\"tables\":[\"hr.employees\"]}");
            assertThat(endpoint.paths()).containsExactly("/v1/chat/completions");
            assertThat(endpoint.requests())
                    .singleElement()
                    .asString()
                    .contains("You choose the database tables", "json_object", "test-model");
            assertThat(endpoint.authorizations()).containsExactly("Bearer k");
        }
    }

    @Test
    void aLateEndpointFailsTheCallWithinItsTimeout() throws Exception {
        try (ScriptedChatCompletions endpoint = new ScriptedChatCompletions();
                OpenAiTableChooser chooser = new OpenAiTableChooser(settings(endpoint))) {
            // A first call loads the client's classes and opens its connection pool: seconds on a loaded machine,
            // which are not the call's timeout.
            endpoint.answerTableSelections(user -> List.of());
            chooser.ask(
                    ModelTableSelection.SYSTEM,
                    "Question: How many employees?\n\nCandidate tables:\n- hr.employees(employee_id)\n",
                    Duration.ofSeconds(30));
            endpoint.fault(ScriptedChatCompletions.Fault.HANG);
            long started = System.nanoTime();

            assertThatThrownBy(() -> chooser.ask("s", "u", Duration.ofMillis(300)))
                    .isInstanceOf(RuntimeException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            endpoint.fault(ScriptedChatCompletions.Fault.NONE);
        }
    }

    private static LlmSettings settings(ScriptedChatCompletions endpoint) {
        return new LlmSettings(endpoint.baseUrl(), "k", "test-model", Duration.ofSeconds(30), 0);
    }
}
