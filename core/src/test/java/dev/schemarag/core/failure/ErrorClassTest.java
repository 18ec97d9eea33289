package dev.schemarag.core.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorClassTest {

    /** The whole routing, spelled out: the dead-letter topic of each class in each stage, in {@link Stage} order. */
    @Test
    void everyClassGoesToTheTopicThisTableNamesInEveryStage() {
        Map<ErrorClass, List<String>> topics = new EnumMap<>(ErrorClass.class);
        topics.put(ErrorClass.INFRA_FAILURE, answerStagesTo("infra_failure"));
        topics.put(ErrorClass.QUERY_TIMEOUT, answerStagesTo("query_timeout"));
        topics.put(ErrorClass.VALIDATION_BLOCK, answerStagesTo("validation_block"));
        topics.put(ErrorClass.SQL_ERROR, answerStagesTo("sql_error"));
        topics.put(ErrorClass.UNKNOWN, answerStagesTo("unknown"));
        topics.put(ErrorClass.GENERATION_UNAVAILABLE, answerStagesTo("generation_unavailable"));
        topics.put(ErrorClass.MALFORMED_EVENT, answerStagesTo("unknown"));
        topics.put(ErrorClass.PROCESSING_ERROR, answerStagesTo("unknown"));
        topics.put(ErrorClass.OUTPUT_TOO_LARGE, answerStagesTo("unknown"));
        topics.put(ErrorClass.INVALID_REQUEST, answerStagesTo("unknown"));
        topics.put(ErrorClass.INVALID_SETTINGS, answerStagesTo("unknown"));
        topics.put(ErrorClass.UNKNOWN_DATABASE, answerStagesTo("unknown"));
        topics.put(ErrorClass.UNKNOWN_SCHEMA, answerStagesTo("unknown"));
        topics.put(ErrorClass.EMPTY_CATALOG, answerStagesTo("unknown"));
        topics.put(ErrorClass.UNKNOWN_QUESTION, answerStagesTo("unknown"));
        topics.put(ErrorClass.ACCESS_DENIED, answerStagesTo("access_denied"));
        topics.put(ErrorClass.AMBIGUOUS_DATABASE, answerStagesTo("unknown"));

        assertThat(topics).containsOnlyKeys(ErrorClass.values());
        topics.forEach((errorClass, expected) -> assertThat(Arrays.stream(Stage.values())
                        .map(stage -> errorClass.deadLetterTopic(stage).wireName())
                        .toList())
                .as(errorClass.wireName())
                .isEqualTo(expected));
    }

    /** Ingest and retrieval have one topic each; generation, validation, execution and feedback route by class. */
    private static List<String> answerStagesTo(String topic) {
        return List.of("ingest", "retrieval", topic, topic, topic, topic);
    }

    @Test
    void wireNamesArePublishedAndNeverChange() {
        assertThat(Arrays.stream(ErrorClass.values()).map(ErrorClass::wireName).toList())
                .containsExactly(
                        "infra_failure",
                        "query_timeout",
                        "validation_block",
                        "sql_error",
                        "unknown",
                        "generation_unavailable",
                        "malformed_event",
                        "processing_error",
                        "output_too_large",
                        "invalid_request",
                        "invalid_settings",
                        "unknown_database",
                        "unknown_schema",
                        "empty_catalog",
                        "unknown_question",
                        "access_denied",
                        "ambiguous_database");
        assertThat(Arrays.stream(Stage.values()).map(Stage::wireName).toList())
                .containsExactly("ingest", "retrieval", "generation", "validation", "execution", "feedback");
    }

    @Test
    void ingestAndRetrievalHaveOneTopicEach() {
        for (ErrorClass c : ErrorClass.values()) {
            assertThat(c.deadLetterTopic(Stage.INGEST)).isEqualTo(DeadLetterTopic.INGEST);
            assertThat(c.deadLetterTopic(Stage.RETRIEVAL)).isEqualTo(DeadLetterTopic.RETRIEVAL);
        }
    }

    @Test
    void answerStagesRouteTheirOwnClassesToTheTopicOfTheSameName() {
        for (ErrorClass c : List.of(
                ErrorClass.INFRA_FAILURE,
                ErrorClass.QUERY_TIMEOUT,
                ErrorClass.VALIDATION_BLOCK,
                ErrorClass.SQL_ERROR,
                ErrorClass.UNKNOWN,
                ErrorClass.GENERATION_UNAVAILABLE))
            for (Stage stage : List.of(Stage.GENERATION, Stage.VALIDATION))
                assertThat(c.deadLetterTopic(stage).wireName()).isEqualTo(c.wireName());
    }

    @Test
    void everythingElseInTheAnswerStagesLandsOnUnknown() {
        assertThat(ErrorClass.PROCESSING_ERROR.deadLetterTopic(Stage.VALIDATION))
                .isEqualTo(DeadLetterTopic.UNKNOWN);
        assertThat(ErrorClass.UNKNOWN_QUESTION.deadLetterTopic(Stage.FEEDBACK)).isEqualTo(DeadLetterTopic.UNKNOWN);
        assertThat(ErrorClass.MALFORMED_EVENT.deadLetterTopic(Stage.FEEDBACK)).isEqualTo(DeadLetterTopic.UNKNOWN);
    }

    @Test
    void wireNamesReadBack() {
        for (ErrorClass c : ErrorClass.values())
            assertThat(ErrorClass.fromWireName(c.wireName())).contains(c);
        assertThat(ErrorClass.fromWireName("timeout")).isEmpty();
        assertThat(Stage.byWireName("validation")).isEqualTo(Stage.VALIDATION);
    }
}
