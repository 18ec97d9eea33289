package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.DocChunkRef;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReplayFiguresTest {
    private static final ReplayFigures.Renamed RENAMED =
            new ReplayFigures.Renamed("public", "employees", "employee_number");
    private static final String NUMBERS_SQL = "SELECT employee_number FROM employees WHERE status = 'active'";
    private static final String NUMBERS_CHUNK = "Employee numbers of active staff\n" + NUMBERS_SQL;
    private static final ReplayFigures.Quarantined QUARANTINED =
            new ReplayFigures.Quarantined(Set.of(NUMBERS_CHUNK), Set.of(NUMBERS_SQL));
    private static final String HEADCOUNT_SQL = "SELECT count(*) FROM employees";

    @Test
    void answersThatNeitherCameFromAStaleEntryNorSawAQuarantinedExampleCountAsAnsweredOnly() {
        Map<String, Object> figures = ReplayFigures.of(
                RENAMED,
                QUARANTINED,
                questions(2),
                List.of(List.of(answer(HEADCOUNT_SQL, "q-before-3", "Headcount overview")), List.of()));

        assertThat(figures)
                .containsExactly(
                        Map.entry("asked", 2),
                        Map.entry("asked_reading_column", 2L),
                        Map.entry("answered", 1),
                        Map.entry("from_cache", 1),
                        Map.entry("used_quarantined", 0),
                        Map.entry("used_stale_cache", 0));
    }

    @Test
    void aCachedAnswerReadingTheRenamedColumnByItsOldNameIsStale() {
        Map<String, Object> figures = ReplayFigures.of(
                RENAMED,
                QUARANTINED,
                questions(1),
                List.of(List.of(answer("SELECT e.employee_number FROM public.employees e", "q-before-1", null))));

        assertThat(figures).containsEntry("used_stale_cache", 1).containsEntry("from_cache", 1);
    }

    @Test
    void aGeneratedAnswerReadingTheOldNameIsNoCacheEntry() {
        assertThat(ReplayFigures.of(
                        RENAMED,
                        QUARANTINED,
                        questions(1),
                        List.of(List.of(answer("SELECT employee_number FROM employees", null, null)))))
                .containsEntry("used_stale_cache", 0);
    }

    @Test
    void aContextHoldingAQuarantinedExampleOrTheSqlOfOneCountsOncePerQuestion() {
        Map<String, Object> figures = ReplayFigures.of(
                RENAMED,
                QUARANTINED,
                questions(2),
                List.of(
                        List.of(answer(HEADCOUNT_SQL, null, NUMBERS_CHUNK), answer(HEADCOUNT_SQL, null, NUMBERS_CHUNK)),
                        List.of(answer(
                                "SELECT employee_number\n  FROM employees   WHERE status = 'active'", null, null))));

        assertThat(figures).containsEntry("used_quarantined", 2).containsEntry("answered", 2);
    }

    private static List<ReplayQuestions.Question> questions(int count) {
        return ReplayQuestions.of(
                List.of(new ReplayQuestions.Example("Employee numbers of active staff", NUMBERS_SQL, true)),
                count,
                "t");
    }

    /** An executed answer, its context holding one documented query when {@code chunk} is set. */
    private static AnswerValidated answer(String sql, String cachedFrom, String chunk) {
        RetrievalMetadata metadata =
                RetrievalMetadata.newBuilder().setStrategy("rag").build();
        QuestionAsked question = QuestionAsked.newBuilder()
                .setId("q")
                .setDatabaseId("demo")
                .setQuestion("?")
                .setCorrelationId("q")
                .setTimestamp(Instant.EPOCH)
                .build();
        ContextRetrieved context = ContextRetrieved.newBuilder()
                .setQuestion(question)
                .setContextPacket("")
                .setSelectedTables(List.of())
                .setJoinHints(List.of())
                .setDocChunks(
                        chunk == null
                                ? List.of()
                                : List.of(DocChunkRef.newBuilder()
                                        .setTable("public.employees")
                                        .setKind("query")
                                        .setText(chunk)
                                        .setScore(0.9)
                                        .build()))
                .setRetrievalMetadata(metadata)
                .build();
        return AnswerValidated.newBuilder()
                .setQuestionId("q")
                .setCorrelationId("q")
                .setDatabaseId("demo")
                .setQuestion("?")
                .setSql(sql)
                .setExecute(true)
                .setContext(context)
                .setCachedFrom(cachedFrom)
                .setRetrievalMetadata(metadata)
                .setTimestamp(Instant.EPOCH)
                .build();
    }
}
