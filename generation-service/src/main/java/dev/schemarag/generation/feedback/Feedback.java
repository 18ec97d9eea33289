package dev.schemarag.generation.feedback;

import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FeedbackVerdict;
import java.util.Optional;

/**
 * An {@link AnswerFeedback} event as it is applied. Anyone who can write to the topic writes these, so the free-text
 * fields are cut to what the store keeps and stripped of control characters (PostgreSQL refuses NUL in text).
 */
public record Feedback(String questionId, FeedbackVerdict verdict, Optional<String> note, Optional<String> actor) {
    static final int MAX_QUESTION_ID = 200;
    static final int MAX_NOTE = 2_000;
    static final int MAX_ACTOR = 200;
    private static final int MAX_LOGGED = 80;

    /** The feedback, or empty when the event names no plausible question id. */
    public static Optional<Feedback> of(AnswerFeedback event) {
        String id = event.getQuestionId().strip();
        if (id.isEmpty() || id.length() > MAX_QUESTION_ID || !id.equals(printable(id))) return Optional.empty();
        return Optional.of(new Feedback(
                id, event.getVerdict(), text(event.getNote(), MAX_NOTE), text(event.getActor(), MAX_ACTOR)));
    }

    /** A question id fit for a log line or a dead-letter message: printable, and short. */
    public static String loggable(String questionId) {
        return printable(questionId.length() <= MAX_LOGGED ? questionId : questionId.substring(0, MAX_LOGGED) + "…");
    }

    private static Optional<String> text(String value, int maxCodePoints) {
        if (value == null) return Optional.empty();
        String kept = value.codePoints()
                .filter(c -> c == '\n' || c == '\t' || !Character.isISOControl(c))
                .limit(maxCodePoints)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString()
                .strip();
        return kept.isEmpty() ? Optional.empty() : Optional.of(kept);
    }

    private static String printable(String value) {
        return value.codePoints()
                .map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
    }
}
