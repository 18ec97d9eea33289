package dev.schemarag.app.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PipelineProbeTest {

    @Test
    void anExecutedAnswerNeedsTheExecutionServiceAndSqlAloneDoesNot() {
        PipelineProbe.Status withoutExecution =
                new PipelineProbe.Status("r", 1, "g", 1, "schemarag.execution", 0, null);

        assertThat(withoutExecution.answers(false)).isTrue();
        assertThat(withoutExecution.answers(true)).isFalse();
        assertThat(withoutExecution.notRunning()).contains("schemarag.execution: 0 members");
        assertThat(new PipelineProbe.Status("r", 1, "g", 1, "e", 2, null).answers(true))
                .isTrue();
    }

    @Test
    void nothingAnswersWithoutRetrievalOrGenerationOrABroker() {
        assertThat(new PipelineProbe.Status("r", 0, "g", 1, "e", 1, null).answers(false))
                .isFalse();
        assertThat(new PipelineProbe.Status("r", 1, "g", 0, "e", 1, null).answers(false))
                .isFalse();
        assertThat(PipelineProbe.Status.unreachable("no broker").answers(false)).isFalse();
    }
}
