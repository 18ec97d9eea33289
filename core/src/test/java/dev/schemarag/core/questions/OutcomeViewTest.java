package dev.schemarag.core.questions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.ResultColumn;
import dev.schemarag.events.RetrievalMetadata;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The outcome's JSON, field by field and in order: {@code ask --json}, the web API and MCP clients read it. */
class OutcomeViewTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anAnswerCarriesItsSqlAndRetrievalMetadataWithTheFailureFieldsNull() throws Exception {
        AnswerValidated answer = AnswerValidated.newBuilder()
                .setQuestionId("q1")
                .setCorrelationId("q1")
                .setDatabaseId("erp")
                .setQuestion("How many employees?")
                .setSql("SELECT count(*) FROM employees")
                .setConfidence(0.9)
                .setTablesUsed(List.of("employees"))
                .setAttempts(2)
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy("rag")
                        .setTablesIncluded(3)
                        .setCatalogVersion("12")
                        .build())
                .build();

        assertThat(JSON.writeValueAsString(OutcomeView.answered("q1", answer)))
                .isEqualTo("{\"id\":\"q1\",\"status\":\"answered\",\"sql\":\"SELECT count(*) FROM employees\","
                        + "\"explanation\":\"\",\"confidence\":0.9,\"tablesUsed\":[\"employees\"],\"assumptions\":[],"
                        + "\"lintWarnings\":[],\"errorClass\":null,\"sqlstate\":null,\"attempts\":2,"
                        + "\"cachedFrom\":null,\"retrievalMetadata\":{\"strategy\":\"rag\",\"tablesIncluded\":3,\"chunksRetrieved\":0,"
                        + "\"avgRelevanceScore\":0.0,\"fallbackReason\":null,\"contextTokens\":0,"
                        + "\"fullSchemaTokens\":0,\"catalogVersion\":\"12\"},\"columns\":null,\"rows\":null,\"rowCount\":null,\"truncated\":null,"
                        + "\"executionMs\":null,\"executedAs\":null}");
    }

    @Test
    void anAnswerTheCacheServedNamesTheAnswerItReusedWithOrWithoutItsRows() throws Exception {
        AnswerValidated reused = AnswerValidated.newBuilder()
                .setQuestionId("q2")
                .setCorrelationId("q2")
                .setDatabaseId("erp")
                .setQuestion("How many employees?")
                .setSql("SELECT count(*) FROM employees")
                .setExecute(true)
                .setCachedFrom("q1")
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(
                        RetrievalMetadata.newBuilder().setStrategy("rag").build())
                .build();
        QueryResult result = QueryResult.newBuilder()
                .setQuestionId("q2")
                .setCorrelationId("q2")
                .setDatabaseId("erp")
                .setSql(reused.getSql())
                .setColumns(List.of(new ResultColumn("count", "int8", false)))
                .setRows(List.of(List.of("7")))
                .setRowCount(1)
                .setTruncated(false)
                .setExecutionMs(1)
                .setExecutedAs("schemarag_reader_erp")
                .setAnswer(reused)
                .setTimestamp(Instant.EPOCH)
                .build();

        assertThat(OutcomeView.answered("q2", reused).cachedFrom()).isEqualTo("q1");
        OutcomeView.Answered executed = OutcomeView.answered("q2", result);
        assertThat(executed.cachedFrom()).isEqualTo("q1");
        assertThat(executed.firstRows(0).cachedFrom()).isEqualTo("q1");
        assertThat(JSON.writeValueAsString(executed)).contains("\"attempts\":1,\"cachedFrom\":\"q1\",");
    }

    @Test
    void anExecutedAnswerCarriesTheSqlThatRanAndItsRowsWithNullCells() throws Exception {
        AnswerValidated answer = AnswerValidated.newBuilder()
                .setQuestionId("q1")
                .setCorrelationId("q1")
                .setDatabaseId("erp")
                .setQuestion("Employees per department?")
                .setSql("SELECT dept, count(*) FROM employees GROUP BY dept")
                .setExecute(true)
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(
                        RetrievalMetadata.newBuilder().setStrategy("rag").build())
                .build();
        QueryResult result = QueryResult.newBuilder()
                .setQuestionId("q1")
                .setCorrelationId("q1")
                .setDatabaseId("erp")
                .setSql("SELECT dept, count(*) AS n FROM employees GROUP BY dept")
                .setColumns(List.of(new ResultColumn("dept", "text", false), new ResultColumn("n", "int8", false)))
                .setRows(List.of(Arrays.asList("Sales", "3"), Arrays.asList(null, "1")))
                .setRowCount(2)
                .setTruncated(false)
                .setExecutionMs(4)
                .setExecutedAs("schemarag_reader_erp")
                .setAnswer(answer)
                .setTimestamp(Instant.EPOCH)
                .build();

        OutcomeView.Answered view = OutcomeView.answered("q1", result);

        assertThat(view.executed()).isTrue();
        assertThat(view.sql()).isEqualTo(result.getSql());
        assertThat(JSON.writeValueAsString(view))
                .endsWith("\"columns\":[{\"name\":\"dept\",\"type\":\"text\",\"masked\":false},"
                        + "{\"name\":\"n\",\"type\":\"int8\",\"masked\":false}],"
                        + "\"rows\":[[\"Sales\",\"3\"],[null,\"1\"]],\"rowCount\":2,\"truncated\":false,"
                        + "\"executionMs\":4,\"executedAs\":\"schemarag_reader_erp\"}");
    }

    @Test
    void theFirstRowsOfAResultKeepItsRowCountAndSayRowsWereLeftOut() {
        OutcomeView.Answered all = executed(List.of(List.of("a"), Arrays.asList((String) null), List.of("c")));

        OutcomeView.Answered first = all.firstRows(2);

        assertThat(first.rows()).containsExactly(List.of("a"), Arrays.asList((String) null));
        assertThat(first.rowCount()).isEqualTo(3);
        assertThat(first.truncated()).isTrue();
        assertThat(first.columns()).isEqualTo(all.columns());
        assertThat(all.firstRows(3)).isSameAs(all);
        OutcomeView.Answered sqlOnly = OutcomeView.Answered.builder("q1", "SELECT 1")
                .confidence(1.0)
                .attempts(1)
                .build();
        assertThat(sqlOnly.firstRows(2)).isSameAs(sqlOnly);
    }

    @Test
    void aFailureCarriesItsRecordWithTheAnswerFieldsEmpty() throws Exception {
        FailureRecord failure = FailureRecord.newBuilder()
                .setStage("validation")
                .setErrorClass("query_timeout")
                .setSqlstate("57014")
                .setMessage("canceling statement due to statement timeout")
                .setAttempt(3)
                .setTimestamp(Instant.EPOCH)
                .build();

        assertThat(JSON.writeValueAsString(OutcomeView.failed("q1", failure)))
                .isEqualTo("{\"id\":\"q1\",\"status\":\"failed\",\"sql\":null,\"confidence\":0.0,\"tablesUsed\":[],"
                        + "\"errorClass\":\"query_timeout\",\"sqlstate\":\"57014\",\"attempts\":3,"
                        + "\"message\":\"canceling statement due to statement timeout\",\"stage\":\"validation\","
                        + "\"retrievalMetadata\":null}");
    }

    @Test
    void aFailureAfterRetrievalKeepsItsRetrievalMetadataAndCatalogVersion() throws Exception {
        FailureRecord failure = FailureRecord.newBuilder()
                .setStage("validation")
                .setErrorClass("sql_error")
                .setMessage("column \"first_name\" does not exist")
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy("rag")
                        .setTablesIncluded(2)
                        .setCatalogVersion("41")
                        .build())
                .build();

        assertThat(JSON.writeValueAsString(OutcomeView.failed("q1", failure)))
                .endsWith("\"retrievalMetadata\":{\"strategy\":\"rag\",\"tablesIncluded\":2,\"chunksRetrieved\":0,"
                        + "\"avgRelevanceScore\":0.0,\"fallbackReason\":null,\"contextTokens\":0,"
                        + "\"fullSchemaTokens\":0,\"catalogVersion\":\"41\"}}");
    }

    @Test
    void noOutcomeIsAFailureUnderItsOwnWireNameWithAMessageOnlyWhenThereIsOne() throws Exception {
        assertThat(JSON.writeValueAsString(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null)))
                .isEqualTo("{\"status\":\"failed\",\"errorClass\":\"timeout\"}");
        assertThat(JSON.writeValueAsString(new OutcomeView.NoAnswer(NoOutcome.NO_PIPELINE, "start one")))
                .isEqualTo("{\"status\":\"failed\",\"errorClass\":\"no_pipeline\",\"message\":\"start one\"}");
    }

    private static OutcomeView.Answered executed(List<List<String>> rows) {
        return OutcomeView.Answered.builder("q1", "SELECT v FROM t")
                .confidence(1.0)
                .tablesUsed(List.of("public.t"))
                .attempts(1)
                .rows(List.of(new OutcomeView.Column("v", "text", false)), rows, rows.size(), false)
                .execution(2L, "reader")
                .build();
    }
}
