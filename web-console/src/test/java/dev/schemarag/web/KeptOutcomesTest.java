package dev.schemarag.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Outcomes kept for {@code GET /api/questions/{id}}: bounded, and those with rows bounded far lower. */
class KeptOutcomesTest {
    @Test
    void pastTheLimitOfResultsTheOldestResultIsForgottenButNotTheOutcomesWithoutRows() {
        KeptOutcomes kept = new KeptOutcomes(10, 2);

        kept.keep("a", event(withRows("a")));
        kept.keep("f", event(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null)));
        kept.keep("b", event(withRows("b")));
        kept.keep("c", event(withRows("c")));

        assertThat(kept.get("a")).isNull();
        assertThat(kept.get("f")).isNotNull();
        assertThat(kept.get("b")).isNotNull();
        assertThat(kept.get("c")).isNotNull();
    }

    @Test
    void aResultKeptAgainCountsOnceAndPastTheLimitOfOutcomesTheOldestGoes() {
        KeptOutcomes kept = new KeptOutcomes(3, 2);

        kept.keep("a", event(withRows("a")));
        kept.keep("b", event(withRows("b")));
        kept.keep("a", event(withRows("a")));
        kept.keep("c", event(withRows("c")));

        assertThat(kept.get("a")).as("kept again after b").isNotNull();
        assertThat(kept.get("b")).isNull();
        kept.keep("x", event(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null)));
        kept.keep("y", event(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null)));
        assertThat(kept.get("a")).isNull();
        assertThat(kept.get("c")).isNotNull();
    }

    private static OutcomeView.Answered withRows(String id) {
        return OutcomeView.Answered.builder(id, "SELECT 1")
                .confidence(1.0)
                .attempts(1)
                .rows(List.of(new OutcomeView.Column("one", "int4", false)), List.of(List.of("1")), 1, false)
                .execution(1L, "reader")
                .build();
    }

    private static ConsoleEvent event(OutcomeView outcome) {
        return new ConsoleEvent("result", "t.results", 0, 0, 0, Map.of(), outcome);
    }
}
