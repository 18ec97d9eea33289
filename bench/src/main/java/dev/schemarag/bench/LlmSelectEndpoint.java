package dev.schemarag.bench;

import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.llm.OpenAiTableChooser;
import dev.schemarag.retrieval.main.RetrievalMain;
import dev.schemarag.stack.ScriptedChatCompletions;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The model {@code bench retrieval --llm-select} asks in retrieval's selection step: the configured one
 * ({@code llm.base.url}), or else a scripted endpoint on loopback that names every candidate it is shown, so that the
 * step changes no packet and the figures are its cost (prompt tokens, time), not its quality.
 */
final class LlmSelectEndpoint implements AutoCloseable {
    private static final Pattern CANDIDATE = Pattern.compile("(?m)^- ([^(\\s]+)\\(");

    private final ServiceRuntime runtime;
    private final Optional<ScriptedChatCompletions> scripted;
    private final LlmSettings settings;

    LlmSelectEndpoint(ServiceRuntime runtime) throws IOException {
        this.runtime = runtime;
        Optional<LlmSettings> configured = LlmSettings.from(runtime.settings());
        if (configured.isPresent()) {
            scripted = Optional.empty();
            settings = configured.get();
        } else {
            ScriptedChatCompletions endpoint = new ScriptedChatCompletions();
            endpoint.answerTableSelections(LlmSelectEndpoint::everyCandidate);
            scripted = Optional.of(endpoint);
            settings = new LlmSettings(endpoint.baseUrl(), "", "scripted", Duration.ofSeconds(5), 0);
        }
    }

    /** What the figures measure, for the report. */
    String describe() {
        return scripted.isPresent()
                ? "scripted endpoint naming every candidate: the step's cost, not its quality"
                : "configured endpoint " + settings.baseUrl() + ", model " + settings.model();
    }

    /** A fresh retriever that asks this endpoint. */
    SchemaRetriever retriever() {
        return RetrievalMain.service(runtime, Optional.of(new OpenAiTableChooser(settings)))
                .retriever();
    }

    static List<String> everyCandidate(String userMessage) {
        Matcher m = CANDIDATE.matcher(userMessage);
        List<String> names = new java.util.ArrayList<>();
        while (m.find()) names.add(m.group(1));
        return names;
    }

    @Override
    public void close() {
        scripted.ifPresent(ScriptedChatCompletions::close);
    }
}
