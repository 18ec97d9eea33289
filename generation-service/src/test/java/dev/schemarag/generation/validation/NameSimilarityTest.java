package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class NameSimilarityTest {

    @Test
    void givenTransposedLetters_whenCompared_thenOneEdit() {
        assertThat(NameSimilarity.distance("frist_name", "first_name")).isEqualTo(1);
        assertThat(NameSimilarity.of("frist_name", "first_name")).isCloseTo(0.9, within(1e-9));
    }

    @Test
    void givenDifferentCase_whenCompared_thenIdentical() {
        assertThat(NameSimilarity.of("FullName", "fullname")).isEqualTo(1.0);
    }

    @Test
    void givenUnrelatedNames_whenCompared_thenLowScore() {
        assertThat(NameSimilarity.of("salary", "dept_id")).isLessThan(0.3);
    }
}
