package dev.schemarag.generation.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.TextNode;
import com.openai.core.ObjectMappers;
import com.openai.models.chat.completions.ChatCompletion;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelAnswerParserTest {

    private static ChatCompletion response(String content) {
        return completion(
                "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":" + TextNode.valueOf(content) + "}}]}");
    }

    /** Read the way the SDK reads a response body. */
    private static ChatCompletion completion(String json) {
        try {
            return ObjectMappers.jsonMapper().readValue(json, ChatCompletion.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void readsEveryFieldOfTheAnswer() {
        GenerationOutcome outcome = ModelAnswerParser.parse(response("""
                {"query": "SELECT count(*) FROM hr.employees e", "explanation": "Counts employees.", "confidence": 0.8,
                 "tablesUsed": ["hr.employees"], "assumptions": ["all employees, active or not"]}"""));

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.generated(new GeneratedSql(
                        "SELECT count(*) FROM hr.employees e",
                        "Counts employees.",
                        0.8,
                        List.of("hr.employees"),
                        List.of("all employees, active or not"),
                        "llm")));
    }

    @Test
    void aFencedAnswerIsUnwrapped() {
        GenerationOutcome outcome = ModelAnswerParser.parse(response("```json\n{\"query\": \"SELECT 1\"}\n```"));

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Generated.class, g -> assertThat(
                        g.sql().sql())
                .isEqualTo("SELECT 1"));
    }

    @Test
    void anAnswerWithoutQueryIsUnavailable() {
        assertThat(ModelAnswerParser.parse(response("{\"explanation\": \"cannot answer\"}")))
                .isEqualTo(GenerationOutcome.unavailable("the LLM answer has no query"));
    }

    @Test
    void proseInsteadOfJsonIsUnavailable() {
        assertThat(ModelAnswerParser.parse(response("Sure! Here is the SQL: SELECT 1")))
                .isInstanceOfSatisfying(GenerationOutcome.Unavailable.class, u -> assertThat(u.reason())
                        .startsWith("the LLM answer is not a JSON object"));
    }

    @Test
    void aResponseWithoutChoicesIsUnavailable() {
        assertThat(ModelAnswerParser.parse(completion("{\"error\": {\"message\": \"overloaded\"}}")))
                .isEqualTo(GenerationOutcome.unavailable("the LLM response has no message content"));
    }
}
