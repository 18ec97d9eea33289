package dev.schemarag.generation.execution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QueryResult;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.answer.Events;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.PipelineFailure;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.validation.ReadOnlyGuards;
import dev.schemarag.generation.validation.RetryPolicy;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExecutionPipelineTest {
    private static final String SQL = "SELECT e.last_name FROM hr.employees e";
    private static final String DIVIDES = "SELECT 1 / (count(*) - count(*)) FROM hr.employees e";
    private static final ContextRetrieved CONTEXT = Events.context(
            "q1",
            "erp",
            "Last names of employees",
            "CREATE TABLE hr.employees (employee_id bigint, last_name text);",
            "hr.employees");
    /** A name, and an e-mail address the executor masked as PII. */
    private static final ExecutionOutcome.Rows ROWS = new ExecutionOutcome.Rows(
            List.of(
                    new ResultColumn("last_name", "text", Optional.of("hr.employees.last_name")),
                    new ResultColumn("email", "text", Optional.of("hr.employees.email")).withheld()),
            List.of(Arrays.asList("Ng", null), Arrays.asList(null, null)),
            false,
            7,
            "schemarag_reader");

    /** Executor fake: answers the outcome mapped to the first key the SQL contains, rows otherwise. */
    private static final class ScriptedExecutor implements QueryExecutor {
        final Map<String, ExecutionOutcome> outcomes;
        final List<String> executed = new ArrayList<>();
        final List<Integer> maxRows = new ArrayList<>();

        ScriptedExecutor(Map<String, ExecutionOutcome> outcomes) {
            this.outcomes = outcomes;
        }

        @Override
        public ExecutionOutcome execute(String databaseId, Asker asker, String sql, int rows, Duration atMost) {
            executed.add(sql);
            maxRows.add(rows);
            return outcomes.entrySet().stream()
                    .filter(e -> sql.contains(e.getKey()))
                    .map(Map.Entry::getValue)
                    .findFirst()
                    .orElse(ROWS);
        }
    }

    /** Generator fake: the scripted repairs in order, then none. */
    private static final class ScriptedGenerator implements SqlGenerator {
        final Deque<String> repairs = new ArrayDeque<>();
        final List<GenerationRequest> requests = new ArrayList<>();

        ScriptedGenerator repairingWith(String... sqls) {
            repairs.addAll(List.of(sqls));
            return this;
        }

        @Override
        public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
            requests.add(request);
            return repairs.isEmpty()
                    ? GenerationOutcome.unavailable("no LLM configured to repair")
                    : GenerationOutcome.generated(
                            new GeneratedSql(repairs.poll(), "repaired", 0.8, List.of(), List.of(), "llm"));
        }
    }

    /** Plans everything, and records what it planned. */
    private static final class PlanningTargets implements TargetDatabases {
        final List<String> explained = new ArrayList<>();

        @Override
        public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
            explained.add(sql);
            return new ExplainResult.Planned("Seq Scan");
        }

        @Override
        public boolean admits(String databaseId, Asker asker) {
            return true;
        }

        @Override
        public boolean executes(String databaseId) {
            return true;
        }

        @Override
        public SchemaColumns columns(String databaseId, List<String> tables) {
            return SchemaColumns.of(Map.of("hr.employees", List.of("employee_id", "last_name")));
        }
    }

    private final PlanningTargets targets = new PlanningTargets();

    private ExecutionResult run(ScriptedExecutor executor, ScriptedGenerator generator, AnswerValidated answer) {
        return pipeline(executor, generator).execute(answer);
    }

    private ExecutionPipeline pipeline(ScriptedExecutor executor, ScriptedGenerator generator) {
        return new ExecutionPipeline(
                executor,
                generator,
                targets,
                new StatementValidator(targets),
                3,
                1_000,
                Duration.ofSeconds(60),
                System::nanoTime);
    }

    /** An answer that took generation two attempts. */
    private static AnswerValidated answer(String sql, ContextRetrieved context) {
        return AnswerValidated.newBuilder(Events.answer(CONTEXT, sql, true))
                .setAttempts(2)
                .setContext(context)
                .build();
    }

    private static QueryResult resultOf(ExecutionResult result) {
        assertThat(result).isInstanceOf(ExecutionResult.Executed.class);
        return ((ExecutionResult.Executed) result).result();
    }

    private static PipelineFailure failureOf(ExecutionResult result) {
        assertThat(result).isInstanceOf(ExecutionResult.Failed.class);
        return ((ExecutionResult.Failed) result).failure();
    }

    private static ExecutionOutcome.Rejected rejected(String sqlState) {
        return new ExecutionOutcome.Rejected(sqlState, "ERROR: " + sqlState);
    }

    @Test
    void theAnswersRowsBecomeAResultWithTheAnswerWithoutItsContext() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of());

        QueryResult result = resultOf(run(executor, new ScriptedGenerator(), answer(SQL, CONTEXT)));

        assertThat(result.getSql()).isEqualTo(SQL);
        assertThat(result.getCorrelationId()).isEqualTo("corr-q1");
        assertThat(result.getColumns())
                .extracting(c -> c.getName() + ":" + c.getType() + ":" + c.getMasked())
                .containsExactly("last_name:text:false", "email:text:true");
        assertThat(result.getRows()).containsExactly(Arrays.asList("Ng", null), Arrays.asList(null, null));
        assertThat(result.getRowCount()).isEqualTo(2);
        assertThat(result.getTruncated()).isFalse();
        assertThat(result.getExecutionMs()).isEqualTo(7);
        assertThat(result.getExecutedAs()).isEqualTo("schemarag_reader");
        assertThat(result.getAnswer().getContext()).isNull();
        assertThat(result.getAnswer().getAttempts()).isEqualTo(2);
        assertThat(executor.maxRows).containsExactly(1_000);
        assertThat(targets.explained)
                .as("generation validated the answer's own SQL")
                .isEmpty();
    }

    @Test
    void theWarmUpRunsItsStatementThroughTheGuardAndTheExecutorAsManyTimesAsAsked() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of());

        int ran = pipeline(executor, new ScriptedGenerator()).warmUp("hr", 5, Duration.ofSeconds(60));

        assertThat(ran).isEqualTo(5);
        assertThat(executor.executed).hasSize(5).containsOnly(ExecutionPipeline.WARM_UP_STATEMENT);
    }

    @Test
    void theWarmUpStatementPassesTheReadOnlyGuardOfEveryDialect() {
        ReadOnlyGuards guards = new ReadOnlyGuards(StatementLimits.DEFAULT, StructuralBudget.DEFAULT);

        for (SqlDialect dialect : SqlDialect.values())
            assertThat(guards.forDialect(dialect)
                            .check(ExecutionPipeline.WARM_UP_STATEMENT)
                            .allowed())
                    .as(dialect.name())
                    .isTrue();
    }

    @Test
    void theWarmUpStopsAtTheFirstRunThatReturnsNoRows() {
        ScriptedExecutor executor = new ScriptedExecutor(
                Map.of("SELECT", new ExecutionOutcome.Refused(ErrorClass.INFRA_FAILURE, "connection refused")));

        int ran = pipeline(executor, new ScriptedGenerator()).warmUp("hr", 1_000, Duration.ofSeconds(60));

        assertThat(ran).isZero();
        assertThat(executor.executed).hasSize(1);
    }

    @Test
    void anAnswerTheGuardBlocksIsNeverRunNorRepaired() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of());
        ScriptedGenerator generator = new ScriptedGenerator().repairingWith(SQL);

        PipelineFailure failure =
                failureOf(run(executor, generator, answer("DELETE FROM hr.employees RETURNING *", CONTEXT)));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(failure.message()).startsWith("blocked by the read-only guard");
        assertThat(executor.executed).isEmpty();
        assertThat(generator.requests).isEmpty();
    }

    @Test
    void aRunTimeSqlErrorIsRepairedAndTheRepairIsValidatedBeforeItRuns() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of(DIVIDES, rejected("22012")));
        ScriptedGenerator generator = new ScriptedGenerator().repairingWith(SQL);

        QueryResult result = resultOf(run(executor, generator, answer(DIVIDES, CONTEXT)));

        assertThat(result.getSql()).isEqualTo(SQL);
        assertThat(result.getAnswer().getSql()).isEqualTo(SQL);
        assertThat(result.getAnswer().getExplanation()).isEqualTo("repaired");
        assertThat(result.getAnswer().getAttempts())
                .as("generation's two and one repair")
                .isEqualTo(3);
        assertThat(executor.executed).containsExactly(DIVIDES, SQL);
        assertThat(targets.explained).containsExactly(SQL);
        GenerationRequest.Repair repair = generator.requests.get(0).repair().orElseThrow();
        assertThat(repair.previousSql()).isEqualTo(DIVIDES);
        assertThat(repair.error()).isEqualTo("ERROR: 22012");
        assertThat(repair.instruction())
                .isEqualTo(RetryPolicy.of(ErrorClass.SQL_ERROR).instruction());
        assertThat(generator.requests.get(0).contextPacket()).isEqualTo(CONTEXT.getContextPacket());
    }

    @Test
    void sqlErrorsAreRepairedUpToTheAttemptsAndEndWithTheLastError() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of("/", rejected("22012")));

        PipelineFailure failure = failureOf(run(
                executor,
                new ScriptedGenerator().repairingWith(DIVIDES + " -- 2", DIVIDES + " -- 3"),
                answer(DIVIDES, CONTEXT)));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
        assertThat(failure.sqlState()).isEqualTo("22012");
        assertThat(failure.attempts()).isEqualTo(3);
        assertThat(executor.executed).hasSize(3);
    }

    @Test
    void aTimeoutGetsOneRepairForASimplerQueryAndNoMore() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of("slow", rejected("57014")));
        ScriptedGenerator generator = new ScriptedGenerator().repairingWith(SQL + " -- still slow", SQL);

        PipelineFailure failure = failureOf(run(executor, generator, answer(SQL + " -- slow", CONTEXT)));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.QUERY_TIMEOUT);
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(generator.requests).hasSize(1);
        assertThat(generator.requests.get(0).repair().orElseThrow().instruction())
                .isEqualTo(RetryPolicy.of(ErrorClass.QUERY_TIMEOUT).instruction());
    }

    @Test
    void aTimeoutRepairedIntoAFastQueryGivesItsRows() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of("slow", rejected("57014")));

        QueryResult result =
                resultOf(run(executor, new ScriptedGenerator().repairingWith(SQL), answer(SQL + " -- slow", CONTEXT)));

        assertThat(result.getSql()).isEqualTo(SQL);
    }

    @Test
    void withoutAnLlmATimeoutIsDeadLetteredAsATimeout() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of("", rejected("57014")));

        PipelineFailure failure = failureOf(run(executor, new ScriptedGenerator(), answer(SQL, CONTEXT)));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.QUERY_TIMEOUT);
        assertThat(failure.sqlState()).isEqualTo("57014");
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(failure.message()).contains("no repair");
    }

    @Test
    void infrastructureFailuresAndRefusalsAreNeverRetried() {
        ScriptedGenerator generator = new ScriptedGenerator().repairingWith(SQL);

        PipelineFailure down =
                failureOf(run(new ScriptedExecutor(Map.of("", rejected("08006"))), generator, answer(SQL, CONTEXT)));
        PipelineFailure refused = failureOf(run(
                new ScriptedExecutor(Map.of(
                        "", new ExecutionOutcome.Refused(ErrorClass.VALIDATION_BLOCK, "the reader role can write"))),
                generator,
                answer(SQL, CONTEXT)));
        PipelineFailure denied =
                failureOf(run(new ScriptedExecutor(Map.of("", rejected("42501"))), generator, answer(SQL, CONTEXT)));

        assertThat(down.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(refused.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(refused.sqlState()).isNull();
        assertThat(denied.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(List.of(down, refused, denied))
                .extracting(PipelineFailure::attempts)
                .containsOnly(1);
        assertThat(generator.requests).isEmpty();
    }

    @Test
    void aRepairTheGuardBlocksNeverRuns() {
        ScriptedExecutor executor = new ScriptedExecutor(Map.of(DIVIDES, rejected("22012")));

        PipelineFailure failure = failureOf(run(
                executor, new ScriptedGenerator().repairingWith("DELETE FROM hr.employees"), answer(DIVIDES, CONTEXT)));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(executor.executed).containsExactly(DIVIDES);
    }

    @Test
    void anAnswerWithoutItsContextRunsOnceAsItIs() {
        ScriptedGenerator generator = new ScriptedGenerator().repairingWith(SQL);

        PipelineFailure failure = failureOf(
                run(new ScriptedExecutor(Map.of(DIVIDES, rejected("22012"))), generator, answer(DIVIDES, null)));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(generator.requests).isEmpty();
    }
}
