package dev.schemarag.generation.feedback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FeedbackVerdict;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FeedbackTest {

    private static AnswerFeedback event(String questionId, String note, String actor) {
        return AnswerFeedback.newBuilder()
                .setQuestionId(questionId)
                .setVerdict(FeedbackVerdict.APPROVE)
                .setNote(note)
                .setActor(actor)
                .setTimestamp(Instant.EPOCH)
                .build();
    }

    @Test
    void theQuestionIdIsTrimmedAndBlankTextIsAbsent() {
        Feedback feedback = Feedback.of(event("  q-1 ", "   ", null)).orElseThrow();

        assertThat(feedback.questionId()).isEqualTo("q-1");
        assertThat(feedback.verdict()).isEqualTo(FeedbackVerdict.APPROVE);
        assertThat(feedback.note()).isEmpty();
        assertThat(feedback.actor()).isEmpty();
    }

    @Test
    void aBlankOverlongOrControlCharacterQuestionIdNamesNoQuestion() {
        assertThat(Feedback.of(event(" ", null, null))).isEmpty();
        assertThat(Feedback.of(event("q".repeat(Feedback.MAX_QUESTION_ID + 1), null, null)))
                .isEmpty();
        assertThat(Feedback.of(event("q-1\nforged log line", null, null))).isEmpty();
    }

    @Test
    void notesAndActorsLoseControlCharactersAndAreCutToWhatTheStoreKeeps() {
        Feedback feedback = Feedback.of(
                        event("q-1", "wrong\u0000 join\nuse hire_date" + "x".repeat(5_000), "ada\u001b[31m"))
                .orElseThrow();

        assertThat(feedback.note().orElseThrow())
                .startsWith("wrong join\nuse hire_date")
                .hasSize(Feedback.MAX_NOTE);
        assertThat(feedback.actor()).isEqualTo(Optional.of("ada[31m"));
    }

    @Test
    void loggedQuestionIdsArePrintableAndShort() {
        assertThat(Feedback.loggable("q-1\r\nINFO forged")).isEqualTo("q-1??INFO forged");
        assertThat(Feedback.loggable("q".repeat(1_000))).hasSize(81);
    }
}
