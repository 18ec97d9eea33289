package dev.schemarag.core.questions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NoOutcomeTest {
    @Test
    void wireNamesArePublishedAndNeverTakenForAnErrorClass() {
        assertThat(Arrays.stream(NoOutcome.values()).map(NoOutcome::wireName))
                .containsExactly("timeout", "no_pipeline");
        for (NoOutcome reason : NoOutcome.values())
            assertThat(ErrorClass.fromWireName(reason.wireName())).isEmpty();
    }

    @Test
    void aQuestionWithoutOutcomeIsAFailedTimeout() {
        assertThat(OutcomeView.of(Optional.empty())).isEqualTo(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null));
    }
}
