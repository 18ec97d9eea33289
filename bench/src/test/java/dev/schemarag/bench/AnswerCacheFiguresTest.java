package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnswerCacheFiguresTest {

    @Test
    void repeatsAreSpreadEvenlyAndTakeTheEarlierQuestionsInTurn() {
        List<String> measured = List.of("m0", "m1", "m2", "m3", "m4", "m5");

        assertThat(PipelineQuestions.withRepeats(List.of("w0", "w1"), measured, 0.5))
                .containsExactly("m0", "w0", "m2", "w1", "m4", "w0");
        assertThat(PipelineQuestions.withRepeats(List.of("w0"), measured, 0)).isEqualTo(measured);
        assertThat(PipelineQuestions.withRepeats(List.of("w0"), measured, 1)).containsOnly("w0");
    }

    @Test
    void theHitPathIsMeasuredOnTheQuestionsTheCacheAnswered() {
        List<QuestionLedger.Outcome> outcomes = List.of(
                new QuestionLedger.Outcome("hit", 1_000, 1_100, true),
                new QuestionLedger.Outcome("miss", 1_000, 1_500, true));
        AnswerCacheFigures figures = new AnswerCacheFigures(
                Map.of("hit", 1.0, "miss", 2.0, "invalidated", 1.0, "rejected", 0.0),
                Set.of("hit"),
                outcomes,
                Map.of("hit", 1_010L, "miss", 1_010L),
                Map.of("hit", 1_012L, "miss", 1_320L),
                Map.of("hit", 1_015L, "miss", 1_330L),
                Map.of("p50", 0.5, "p99", 1.0),
                Map.of("p50", 1.5, "p99", 3.0));

        Map<String, Object> f = figures.figures();

        assertThat(f.get("hit_rate")).isEqualTo(0.25);
        assertThat(f.get("answered_from_cache")).isEqualTo(1L);
        assertThat(f.get("hit_path_ms")).isEqualTo(Map.of("p50", 12.0, "p99", 12.0));
        assertThat(f.get("hit_retrieval_ms")).isEqualTo(Map.of("p50", 10.0, "p99", 10.0));
        assertThat(f.get("hit_generation_ms")).isEqualTo(Map.of("p50", 2.0, "p99", 2.0));
        assertThat(f.get("hit_answer_ms")).isEqualTo(Map.of("p50", 15.0, "p99", 15.0));
        assertThat(f.get("miss_path_ms")).isEqualTo(Map.of("p50", 320.0, "p99", 320.0));
        assertThat(f.get("hit_retrieval_in_process_ms")).isEqualTo(Map.of("p50", 0.5, "p99", 1.0));
        assertThat(f.get("hit_generation_in_process_ms")).isEqualTo(Map.of("p50", 1.5, "p99", 3.0));
    }

    @Test
    void withoutLookupsThereIsNoHitRate() {
        AnswerCacheFigures figures =
                new AnswerCacheFigures(Map.of(), Set.of(), List.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of());

        assertThat(figures.figures().get("hit_rate")).isNull();
        @SuppressWarnings("unchecked")
        Map<String, Double> hitPath = (Map<String, Double>) figures.figures().get("hit_path_ms");
        assertThat(hitPath).containsEntry("p50", null);
    }
}
