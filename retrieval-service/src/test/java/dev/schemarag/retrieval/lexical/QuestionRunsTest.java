package dev.schemarag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionRunsTest {
    @Test
    void eachRunOfTwoAndThreeWordsInOrder() {
        assertThat(QuestionRuns.of("Head of state?"))
                .containsExactly(List.of("head", "of"), List.of("of", "state"), List.of("head", "of", "state"));
    }

    @Test
    void aSingleWordMakesNoRun() {
        assertThat(QuestionRuns.of("Singers?")).isEmpty();
    }
}
