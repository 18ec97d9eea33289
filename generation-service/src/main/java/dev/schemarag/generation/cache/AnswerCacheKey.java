package dev.schemarag.generation.cache;

import dev.schemarag.core.questions.QuestionText;
import java.util.Objects;

/**
 * What makes two questions the same for the answer cache: the database, the role the question runs as (so an entry is
 * served only to askers whose statements run with the privileges it was validated with), the normalised question and
 * evidence ({@link QuestionText#hash}), and the settings that change the SQL written for it ({@link #settingsHash}).
 */
public record AnswerCacheKey(String databaseId, String role, String questionHash, String settingsHash) {

    public AnswerCacheKey {
        Objects.requireNonNull(databaseId, "databaseId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(questionHash, "questionHash");
        Objects.requireNonNull(settingsHash, "settingsHash");
    }

    /**
     * @param generator what writes the SQL on a miss, as {@link #generatorFingerprint} makes it
     * @param dialect the database's SQL dialect
     */
    public static AnswerCacheKey of(
            String databaseId, String role, String question, String evidence, String generator, String dialect) {
        return new AnswerCacheKey(
                databaseId, role, QuestionText.hash(question, evidence), settingsHash(generator, dialect));
    }

    /** The SHA-256 of the generator's fingerprint and the dialect. */
    public static String settingsHash(String generator, String dialect) {
        return QuestionText.sha256("generator:" + generator + "\ndialect:" + dialect);
    }

    /**
     * What identifies the SQL a generator writes: {@code format} (raised when the prompt or the checks change what an
     * answer would be), the generator's kind, the model and its endpoint.
     */
    public static String generatorFingerprint(int format, String kind, String model, String endpoint) {
        return "format=" + format + ";kind=" + kind + ";model=" + model + ";endpoint=" + endpoint;
    }
}
