package dev.schemarag.core.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ErrorClassTest {

    @ParameterizedTest
    @EnumSource(ErrorClass.class)
    void everyClassHasATopicInEveryStage(ErrorClass errorClass) {
        for (Stage stage : Stage.values())
            assertThat(errorClass.deadLetterTopic(stage)).isNotNull();
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
                        "unknown_question");
        assertThat(Arrays.stream(Stage.values()).map(Stage::wireName).toList())
                .containsExactly("ingest", "retrieval", "generation", "validation", "feedback");
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
