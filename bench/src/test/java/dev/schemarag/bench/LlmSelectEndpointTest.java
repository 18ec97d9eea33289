package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.ModelTableSelection;
import java.util.List;
import org.junit.jupiter.api.Test;

class LlmSelectEndpointTest {
    @Test
    void theScriptedEndpointNamesEveryCandidateOfTheStepsPrompt() {
        List<Table> candidates = List.of(table("hr", "employees"), table("sales", "order_lines"));
        String prompt = ModelTableSelection.prompt("Who sold the most (by amount)?", candidates);

        assertThat(LlmSelectEndpoint.everyCandidate(prompt)).containsExactly("hr.employees", "sales.order_lines");
    }

    private static Table table(String schema, String name) {
        return new Table(
                new TableName(schema, name),
                false,
                "A table (with a comment)",
                List.of(new Column("id", "integer", false, null, null)),
                List.of("id"),
                List.of(),
                List.of());
    }
}
