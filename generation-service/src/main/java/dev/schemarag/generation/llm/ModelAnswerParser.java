package dev.schemarag.generation.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.models.chat.completions.ChatCompletion;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a chat completion whose message content is the JSON answer the prompt asks for. */
public final class ModelAnswerParser {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ModelAnswerParser() {}

    public static GenerationOutcome parse(ChatCompletion completion) {
        Optional<String> content;
        try {
            content = completion.choices().stream().findFirst().flatMap(choice -> choice.message()
                    .content());
        } catch (OpenAIInvalidDataException e) { // the SDK reads fields lazily: choices or message is missing
            content = Optional.empty();
        }
        return content.map(ModelAnswerParser::parseAnswer)
                .orElseGet(() -> GenerationOutcome.unavailable("the LLM response has no message content"));
    }

    /** The answer object {query, explanation, confidence, tablesUsed, assumptions}; a fenced block is unwrapped. */
    private static GenerationOutcome parseAnswer(String content) {
        JsonNode answer;
        try {
            answer = JSON.readTree(unfence(content));
        } catch (JsonProcessingException e) {
            return GenerationOutcome.unavailable("the LLM answer is not a JSON object: " + e.getOriginalMessage());
        }
        String query = answer == null ? "" : answer.path("query").asText("").strip();
        if (query.isEmpty()) return GenerationOutcome.unavailable("the LLM answer has no query");
        double confidence =
                answer.path("confidence").isNumber() ? answer.get("confidence").asDouble() : 0.5;
        return GenerationOutcome.generated(new GeneratedSql(
                query,
                answer.path("explanation").asText(""),
                Math.max(0, Math.min(1, confidence)),
                strings(answer.path("tablesUsed")),
                strings(answer.path("assumptions")),
                GeneratedSql.LLM));
    }

    private static String unfence(String content) {
        String text = content.strip();
        if (!text.startsWith("```")) return text;
        int start = text.indexOf('\n');
        int end = text.lastIndexOf("```");
        return start < 0 || end <= start ? text : text.substring(start + 1, end).strip();
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array.isArray()) array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
