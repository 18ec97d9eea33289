package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class CpuPerAnswerTest {
    @Test
    void dividesTheCpuOverTheAnswersAndProjectsAnswersPerCoreSecond() {
        assertThat(new CpuPerAnswer(8_000, 200, 2).figures())
                .containsExactly(
                        entry("ms", 40.0),
                        entry("answered", 200L),
                        entry("projected_answers_per_s_per_core", 25.0),
                        entry("cores", 2));
    }

    @Test
    void failuresCountAsCpuButNotAsAnswers() {
        assertThat(new CpuPerAnswer(8_000, 100, 2).figures()).containsEntry("ms", 80.0);
    }

    @Test
    void noAnswerProjectsNothing() {
        assertThat(new CpuPerAnswer(8_000, 0, 2).figures())
                .containsEntry("ms", null)
                .containsEntry("projected_answers_per_s_per_core", null);
    }
}
