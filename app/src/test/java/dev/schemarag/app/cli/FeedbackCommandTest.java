package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FeedbackVerdict;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FeedbackCommandTest {

    @Test
    void theVerdictNoteAndActorBecomeTheEvent() {
        AnswerFeedback event = FeedbackCommand.event(
                " q-1 ", FeedbackCommand.Verdict.approve, " matches the report ", "ada", Instant.EPOCH);

        assertThat(event.getQuestionId()).isEqualTo("q-1");
        assertThat(event.getVerdict()).isEqualTo(FeedbackVerdict.APPROVE);
        assertThat(event.getNote()).isEqualTo("matches the report");
        assertThat(event.getActor()).isEqualTo("ada");
        assertThat(event.getTimestamp()).isEqualTo(Instant.EPOCH);
    }

    @Test
    void aBlankNoteOrActorIsAbsent() {
        AnswerFeedback event = FeedbackCommand.event("q-1", FeedbackCommand.Verdict.reject, "  ", null, Instant.EPOCH);

        assertThat(event.getVerdict()).isEqualTo(FeedbackVerdict.REJECT);
        assertThat(event.getNote()).isNull();
        assertThat(event.getActor()).isNull();
    }

    @Test
    void aBlankQuestionIdIsRefused() {
        assertThatThrownBy(() -> FeedbackCommand.event(" ", FeedbackCommand.Verdict.approve, null, null, Instant.EPOCH))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
