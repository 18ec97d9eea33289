package dev.schemarag.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.generation.service.SqlRun;
import dev.schemarag.generation.service.StatementCheck;
import dev.schemarag.generation.service.StatementVerdict;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MCP tools' own decisions, with the validator and the pipeline faked at their boundary: what is refused before
 * anything runs, and how a failure reaches the agent. (The retriever is never reached by refused input; McpServerIT
 * covers the real paths.)
 */
class AgentToolsTest {
    private final List<String> validated = new ArrayList<>();
    private final List<Boolean> asked = new ArrayList<>();
    private final List<Integer> ran = new ArrayList<>();
    private final List<String> askedOn = new ArrayList<>();
    private final DatabaseRegistry databases = new DatabaseRegistry(List.of(
            database("erp", new Credentials("reader", "secret")),
            database("noreader", null),
            database("executes", new Credentials("reader", "secret")).withExecute(true)));

    @Test
    void anUnregisteredDatabaseIsRefusedByEveryToolWithoutReachingTheValidatorOrThePipeline() {
        AgentTools tools = tools(answered());

        for (AgentTools.Answer answer : List.of(
                tools.schemaContext("nowhere", "how many orders?", null, Asker.ANONYMOUS),
                tools.validateSql("nowhere", Asker.ANONYMOUS, "SELECT 1"),
                tools.runSql("nowhere", Asker.ANONYMOUS, "SELECT 1", null),
                tools.ask("nowhere", "how many orders?", false, Asker.ANONYMOUS))) {
            assertThat(answer.error()).isTrue();
            assertThat(answer.content()).containsEntry("errorClass", "unknown_database");
        }
        assertThat(validated).isEmpty();
        assertThat(ran).isEmpty();
    }

    @Test
    void runSqlRunsOnlyOnADatabaseRegisteredToExecuteWithinTheRowRange() {
        AgentTools tools = tools(answered());

        assertThat(tools.runSql("erp", Asker.ANONYMOUS, "SELECT 1", null).content())
                .containsEntry("errorClass", "invalid_request")
                .extractingByKey("message")
                .asString()
                .contains("not registered to execute");
        for (int outOfRange : List.of(0, AgentTools.RUN_MAX_ROWS + 1))
            assertThat(tools.runSql("executes", Asker.ANONYMOUS, "SELECT 1", outOfRange)
                            .content())
                    .containsEntry("errorClass", "invalid_request");
        assertThat(ran).isEmpty();

        AgentTools.Answer answer = tools.runSql("executes", Asker.ANONYMOUS, " SELECT 1 ", null);

        assertThat(answer.error()).isFalse();
        assertThat(answer.content()).containsEntry("rowCount", 1).containsEntry("executedAs", "reader");
        assertThat(ran).containsExactly(AgentTools.RUN_DEFAULT_ROWS);
    }

    @Test
    void aStatementThatDidNotRunIsAToolErrorWithItsClass() {
        AgentTools tools = new AgentTools(
                databases,
                null,
                null,
                (db, asker, sql, maxRows) ->
                        new SqlRun.NotRun("query_timeout", "57014", "canceling statement", List.of()),
                (db, question, sqlOnly, asker) -> answered(),
                100);

        AgentTools.Answer answer = tools.runSql("executes", Asker.ANONYMOUS, "SELECT pg_sleep(60)", 10);

        assertThat(answer.error()).isTrue();
        assertThat(answer.content())
                .containsEntry("errorClass", "query_timeout")
                .containsEntry("sqlstate", "57014");
    }

    @Test
    void aHugeDatabaseIdIsNotEchoedBackWhole() {
        AgentTools.Answer answer =
                tools(answered()).ask("x".repeat(100_000), "how many orders?", false, Asker.ANONYMOUS);

        assertThat((String) answer.content().get("message")).hasSizeLessThan(200);
    }

    @Test
    void blankOrOversizedTextOrTooFewTablesIsAnInvalidRequest() {
        AgentTools tools = tools(answered());

        assertThat(tools.ask("erp", " ", false, Asker.ANONYMOUS).content())
                .containsEntry("message", "question is required");
        assertThat(tools.schemaContext("erp", "é".repeat(60), null, Asker.ANONYMOUS)
                        .content())
                .containsEntry("errorClass", "invalid_request")
                .containsEntry("message", "question is longer than 100 bytes");
        assertThat(tools.schemaContext("erp", "how many orders?", 0, Asker.ANONYMOUS)
                        .content())
                .containsEntry("errorClass", "invalid_request")
                .containsEntry("message", "maxTables must be an integer in [1, 10000], not 0");
        assertThat(tools.validateSql("erp", Asker.ANONYMOUS, "S".repeat(StatementCheck.MAX_SQL_BYTES + 1))
                        .content())
                .containsEntry("message", "sql is longer than " + StatementCheck.MAX_SQL_BYTES + " bytes");
        assertThat(validated).isEmpty();
    }

    @Test
    void validationNeedsAReaderLogin() {
        AgentTools.Answer answer = tools(answered()).validateSql("noreader", Asker.ANONYMOUS, "SELECT 1");

        assertThat(answer.error()).isTrue();
        assertThat((String) answer.content().get("message")).contains("no reader login");
    }

    @Test
    void anInvalidStatementIsAVerdictNotAToolError() {
        AgentTools.Answer answer = tools(answered()).validateSql("erp", Asker.ANONYMOUS, "  SELECT 1; SELECT 2  ");

        assertThat(answer.error()).isFalse();
        assertThat(answer.content())
                .containsExactly(
                        entry("valid", false),
                        entry("errorClass", "sql_error"),
                        entry("sqlstate", null),
                        entry("message", "lint: one statement only"),
                        entry(
                                "lint",
                                List.of(Map.of(
                                        "code",
                                        "multiple_statements",
                                        "severity",
                                        "error",
                                        "message",
                                        "one statement only"))));
        assertThat(validated).containsExactly("SELECT 1; SELECT 2");
    }

    @Test
    void aFailureReachesTheAgentAsItsClassWithoutTheExceptionsText() {
        AgentTools tools = new AgentTools(
                databases,
                null,
                (db, asker, sql) -> {
                    throw new SQLException("password authentication failed for user reader");
                },
                null,
                (db, question, sqlOnly, asker) -> answered(),
                100);

        AgentTools.Answer answer = tools.validateSql("erp", Asker.ANONYMOUS, "SELECT 1");

        assertThat(answer.error()).isTrue();
        assertThat(answer.content())
                .containsEntry("errorClass", "infra_failure")
                .containsEntry("message", "validate_sql failed: SQLException");
    }

    @Test
    void anAskWithoutADatabaseReachesThePipelineToBeRoutedButAStatementNeedsOne() {
        AgentTools tools = tools(answered());

        AgentTools.Answer answer = tools.ask(null, "how many orders?", false, Asker.ANONYMOUS);
        AgentTools.Answer blank = tools.ask(" ", "how many orders?", false, Asker.ANONYMOUS);
        AgentTools.Answer validation = tools.validateSql(null, Asker.ANONYMOUS, "SELECT 1");

        assertThat(answer.error()).isFalse();
        assertThat(askedOn).containsExactly((String) null);
        assertThat(blank.content()).containsEntry("errorClass", "invalid_request");
        assertThat(validation.content()).containsEntry("message", "db is required");
        assertThat(validated).isEmpty();
    }

    @Test
    void anAskThatWasNotAnsweredIsAToolErrorCarryingTheOutcome() {
        OutcomeView noPipeline = new OutcomeView.NoAnswer(NoOutcome.NO_PIPELINE, "no question pipeline is running");

        AgentTools.Answer failed = tools(noPipeline).ask("erp", "how many orders?", false, Asker.ANONYMOUS);
        AgentTools.Answer answered = tools(answered()).ask("erp", "how many orders?", false, Asker.ANONYMOUS);

        assertThat(failed.error()).isTrue();
        assertThat(failed.content())
                .containsExactly(
                        entry("status", "failed"),
                        entry("errorClass", "no_pipeline"),
                        entry("message", "no question pipeline is running"));
        assertThat(answered.error()).isFalse();
        assertThat(answered.content()).containsEntry("status", "answered").containsEntry("sql", "SELECT 1");
    }

    @Test
    void anAnswersRowsReachTheAgentCappedWithTheirCountAndWhereItCameFromAndSqlOnlyReachesThePipeline() {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < 250; i++) rows.add(Arrays.asList(String.valueOf(i), null));
        OutcomeView executed = OutcomeView.Answered.builder("q1", "SELECT id, note FROM orders")
                .confidence(1.0)
                .tablesUsed(List.of("public.orders"))
                .attempts(1)
                .cachedFrom("q0")
                .rows(
                        List.of(
                                new OutcomeView.Column("id", "int4", false),
                                new OutcomeView.Column("note", "text", false)),
                        rows,
                        250,
                        false)
                .execution(12L, "erp_reader")
                .build();
        AgentTools tools = tools(executed);

        AgentTools.Answer answer = tools.ask("erp", "all orders", false, Asker.ANONYMOUS);
        tools.ask("erp", "all orders", true, Asker.ANONYMOUS);

        assertThat(answer.error()).isFalse();
        assertThat((List<?>) answer.content().get("rows")).hasSize(AgentTools.ASK_MAX_ROWS);
        assertThat(((List<?>) answer.content().get("rows")).get(99)).isEqualTo(Arrays.asList("99", null));
        assertThat(answer.content())
                .containsEntry("rowCount", 250)
                .containsEntry("truncated", true)
                .containsEntry("executedAs", "erp_reader")
                .containsEntry("cachedFrom", "q0");
        assertThat(asked).containsExactly(false, true);
    }

    private AgentTools tools(OutcomeView askOutcome) {
        return new AgentTools(
                databases,
                null,
                (db, asker, sql) -> {
                    validated.add(sql);
                    return new StatementVerdict(
                            false,
                            "sql_error",
                            null,
                            "lint: one statement only",
                            List.of(new StatementVerdict.LintFinding(
                                    "multiple_statements", "error", "one statement only")));
                },
                (db, asker, sql, maxRows) -> {
                    ran.add(maxRows);
                    return new SqlRun.Ran(
                            List.of(new OutcomeView.Column("?column?", "int4", false)),
                            List.of(List.of("1")),
                            1,
                            false,
                            2,
                            "reader",
                            List.of());
                },
                (db, question, sqlOnly, asker) -> {
                    asked.add(sqlOnly);
                    askedOn.add(db);
                    return askOutcome;
                },
                100);
    }

    private static OutcomeView answered() {
        return OutcomeView.Answered.builder("q1", "SELECT 1")
                .confidence(1.0)
                .attempts(1)
                .build();
    }

    private static RegisteredDatabase database(String id, Credentials reader) {
        return new RegisteredDatabase(
                id,
                "jdbc:postgresql://127.0.0.1:5432/" + id,
                new Credentials("admin", "secret"),
                reader,
                List.of("public"),
                null,
                null);
    }
}
