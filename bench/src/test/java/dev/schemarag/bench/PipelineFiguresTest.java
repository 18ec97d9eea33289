package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineFiguresTest {
    @Test
    void endToEndLatencyIsFromSentToOutcomeRead() {
        List<QuestionLedger.Outcome> outcomes = new ArrayList<>();
        for (int i = 1; i <= 100; i++) outcomes.add(new QuestionLedger.Outcome("q" + i, 1_000, 1_000 + i, true));

        PipelineFigures figures = new PipelineFigures(outcomes, Map.of(), Map.of(), Map.of(), Map.of(), Map.of());

        assertThat(figures.latencyMs())
                .containsExactly(Map.entry("p50", 50.0), Map.entry("p95", 95.0), Map.entry("p99", 99.0));
    }

    @Test
    void throughputCountsAnswersAndDeadLettersFromFirstSentToLastRead() {
        PipelineFigures figures = new PipelineFigures(
                List.of(
                        new QuestionLedger.Outcome("a", 0, 500, true),
                        new QuestionLedger.Outcome("b", 1_000, 1_200, false),
                        new QuestionLedger.Outcome("c", 1_500, 2_000, true)),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of());

        assertThat(figures.throughputPerSecond()).isEqualTo(1.5);
        assertThat(figures.answered()).isEqualTo(2);
    }

    @Test
    void stagesAreTheGapsBetweenTheStageRecordsTimestamps() {
        PipelineFigures figures = new PipelineFigures(
                List.of(new QuestionLedger.Outcome("a", 1_000, 1_400, true)),
                Map.of("a", 1_030L),
                Map.of("a", 1_330L),
                Map.of("a", 1_340L),
                Map.of("a", 1_346L),
                Map.of("a", 2L));

        Map<String, Map<String, Double>> stages = figures.stages();

        assertThat(stages.get("retrieval")).containsEntry("p50", 30.0).containsEntry("p99", 30.0);
        assertThat(stages.get("generation")).containsEntry("p50", 300.0);
        assertThat(stages.get("validation")).containsEntry("p99", 10.0);
        assertThat(stages.get("execution")).containsEntry("p50", 6.0).containsEntry("p99", 6.0);
        assertThat(stages.get("statement")).containsEntry("p50", 2.0).containsEntry("p99", 2.0);
    }

    @Test
    void aStageNoQuestionReachedHasNoFigureRatherThanZero() {
        // A dead-lettered question has a context but neither SQL nor answer.
        PipelineFigures figures = new PipelineFigures(
                List.of(new QuestionLedger.Outcome("a", 1_000, 1_100, false)),
                Map.of("a", 1_020L),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of());

        assertThat(figures.stages().get("validation"))
                .containsEntry("p50", null)
                .containsEntry("p99", null);
    }

    @Test
    void theBurstFigureTakesOnlyQuestionsWhoseOutcomeWasReadDuringTheBurst() {
        Map<String, Long> contextAt = new HashMap<>();
        List<QuestionLedger.Outcome> outcomes = new ArrayList<>();
        outcomes.add(new QuestionLedger.Outcome("before", 0, 100, true));
        contextAt.put("before", 900L); // slow, but outside the burst
        outcomes.add(new QuestionLedger.Outcome("during", 1_000, 1_100, true));
        contextAt.put("during", 1_040L);

        PipelineFigures figures = new PipelineFigures(outcomes, contextAt, Map.of(), Map.of(), Map.of(), Map.of());

        assertThat(figures.retrievalP99During(new PipelineFigures.Window(1_050, 2_000)))
                .isEqualTo(40.0);
        assertThat(figures.retrievalP99During(new PipelineFigures.Window(5_000, 6_000)))
                .isNull();
    }

    @Test
    void executionIsFromTheValidatedAnswerToItsResultForExecutedAnswersOnly() {
        List<QuestionLedger.Outcome> outcomes = new ArrayList<>();
        Map<String, Long> validatedAt = new HashMap<>();
        Map<String, Long> executedAt = new HashMap<>();
        Map<String, Long> statementMs = new HashMap<>();
        for (int i = 1; i <= 100; i++) {
            outcomes.add(new QuestionLedger.Outcome("r" + i, 0, 500, true, QuestionLedger.Step.RESULT, 480L));
            validatedAt.put("r" + i, 400L);
            executedAt.put("r" + i, 400L + i);
            statementMs.put("r" + i, 3L);
        }
        // Answered but not executed: no execution figure of its own, and not a result.
        outcomes.add(new QuestionLedger.Outcome("plain", 0, 300, true));
        validatedAt.put("plain", 290L);
        outcomes.add(new QuestionLedger.Outcome("failed", 0, 900, true, QuestionLedger.Step.EXECUTION_FAILURE, 450L));
        validatedAt.put("failed", 400L);

        PipelineFigures figures =
                new PipelineFigures(outcomes, Map.of(), Map.of(), validatedAt, executedAt, statementMs);

        assertThat(figures.stages().get("execution")).containsExactly(Map.entry("p50", 50.0), Map.entry("p99", 99.0));
        assertThat(figures.stages().get("statement")).containsExactly(Map.entry("p50", 3.0), Map.entry("p99", 3.0));
        // The failure is no result; the results were read 20 ms after their answers.
        assertThat(figures.stages().get("execution_added"))
                .containsExactly(Map.entry("p50", 20.0), Map.entry("p99", 20.0));
        assertThat(figures.results()).isEqualTo(100);
        assertThat(figures.executionFailures()).isEqualTo(1);
        assertThat(figures.answered()).isEqualTo(102);
    }

    @Test
    void whatExecutionAddsSplitsAtTheResultsMaking() {
        List<QuestionLedger.Outcome> outcomes = new ArrayList<>();
        Map<String, Long> executedAt = new HashMap<>();
        for (int i = 1; i <= 100; i++) {
            // The answer read at 1,000, its result made i ms later and read 5 ms after that.
            outcomes.add(new QuestionLedger.Outcome("r" + i, 0, 1_005 + i, true, QuestionLedger.Step.RESULT, 1_000L));
            executedAt.put("r" + i, 1_000L + i);
        }

        Map<String, Map<String, Double>> stages =
                new PipelineFigures(outcomes, Map.of(), Map.of(), Map.of(), executedAt, Map.of()).stages();

        assertThat(stages.get("execution_added")).containsExactly(Map.entry("p50", 55.0), Map.entry("p99", 104.0));
        assertThat(stages.get("execution_added_until_made"))
                .containsExactly(Map.entry("p50", 50.0), Map.entry("p99", 99.0));
        assertThat(stages.get("execution_added_after_made"))
                .containsExactly(Map.entry("p50", 5.0), Map.entry("p99", 5.0));
    }

    @Test
    void withoutExecutedAnswersTheExecutionStageHasNoFigureAndNothingIsCounted() {
        PipelineFigures figures = new PipelineFigures(
                List.of(new QuestionLedger.Outcome("a", 0, 100, true)),
                Map.of(),
                Map.of(),
                Map.of("a", 90L),
                Map.of(),
                Map.of());

        assertThat(figures.stages().get("execution")).containsEntry("p50", null).containsEntry("p99", null);
        assertThat(figures.stages().get("statement")).containsEntry("p50", null).containsEntry("p99", null);
        assertThat(figures.results()).isZero();
        assertThat(figures.executionFailures()).isZero();
    }
}
