package dev.schemarag.generation.execution;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.answer.CandidateCheck;
import dev.schemarag.generation.answer.RepairBudget;
import dev.schemarag.generation.answer.RepairLoop;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.validation.SchemaColumns;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a validated answer through the {@link QueryExecutor} as the database's reader, within the row cap, in a
 * {@link RepairLoop} with the design's retry gating: a {@code sql_error} at run time (a division by zero, a bad cast,
 * which EXPLAIN does not catch) goes through the bounded repair loop, a {@code query_timeout} gets one repair asking
 * for a simpler query, and {@code infra_failure} and {@code validation_block} are never retried. Without an LLM the
 * generator has no repair, so the failure keeps its class. A repaired candidate passes the whole
 * {@link StatementValidator} before it runs; the answer's own SQL, which generation validated, passes its guard again. Nothing here throws
 * for a bad statement or a failing database, and no result value is logged.
 */
public final class ExecutionPipeline {
    private static final Logger log = LoggerFactory.getLogger(ExecutionPipeline.class);

    private final QueryExecutor executor;
    private final TargetDatabases targets;
    private final StatementValidator validator;
    private final RepairLoop repairs;
    private final RepairLoop once;
    private final int maxRows;
    private final Duration recordDeadline;
    private final LongSupplier nanoTime;

    /**
     * @param maxAttempts statements tried per answer, repairs included
     * @param maxRows rows read at most (the executor's own caps apply too)
     * @param recordDeadline the longest one answer may take, statements and repairs included
     */
    public ExecutionPipeline(
            QueryExecutor executor,
            SqlGenerator generator,
            TargetDatabases targets,
            StatementValidator validator,
            int maxAttempts,
            int maxRows,
            Duration recordDeadline,
            LongSupplier nanoTime) {
        this.executor = executor;
        this.targets = targets;
        this.validator = validator;
        this.repairs = new RepairLoop(generator, new RepairBudget(maxAttempts, Set.of(ErrorClass.QUERY_TIMEOUT)));
        this.once = new RepairLoop(generator, RepairBudget.of(1));
        this.maxRows = maxRows;
        this.recordDeadline = recordDeadline;
        this.nanoTime = nanoTime;
    }

    /**
     * Reads no table, in the SQL that PostgreSQL, MySQL and MariaDB share, and takes the shapes answers take: a derived
     * table, a filter, grouping, aggregates, CASE and ordering.
     */
    static final String WARM_UP_STATEMENT = "SELECT t.k, COUNT(*) AS n, SUM(t.v) AS total,"
            + " MAX(CASE WHEN t.v > 1 THEN t.v END) AS most"
            + " FROM (SELECT 'a' AS k, 1 AS v UNION ALL SELECT 'b', 2 UNION ALL SELECT 'a', 3) AS t"
            + " WHERE t.v > 0 GROUP BY t.k HAVING COUNT(*) > 0 ORDER BY total DESC LIMIT 10";

    /**
     * Runs a throw-away statement on {@code databaseId} the way an answer's own runs (the read-only guard, then the
     * executor as the database's reader), {@code rounds} times or until {@code within} passed. Done at start, so that
     * the first answers do not run interpreted code: cold, a run takes several times as long as warmed. Stops at the
     * first run that returns no rows: a database that cannot answer now is no reason to wait.
     *
     * @return how many runs returned rows
     */
    public int warmUp(String databaseId, int rounds, Duration within) {
        Deadline deadline = Deadline.after(within, nanoTime);
        int ran = 0;
        while (ran < rounds && !deadline.passed()) {
            if (validator.guard(databaseId, WARM_UP_STATEMENT).isPresent()) break;
            ExecutionOutcome outcome =
                    executor.execute(databaseId, Asker.ANONYMOUS, WARM_UP_STATEMENT, maxRows, deadline.remaining());
            if (!(outcome instanceof ExecutionOutcome.Rows)) break;
            ran++;
        }
        return ran;
    }

    public ExecutionResult execute(AnswerValidated answer) {
        Deadline deadline = Deadline.after(recordDeadline, nanoTime);
        ContextRetrieved context = answer.getContext();
        String databaseId = answer.getDatabaseId();
        // The context carries the question, and so its principal; an answer without one runs as no principal's.
        Asker asker = context == null
                ? Asker.ANONYMOUS
                : Asker.of(context.getQuestion().getPrincipal());
        // Without its context an answer cannot be repaired: it runs once, as it is.
        GenerationRequest request = (context == null ? bare(answer, asker) : AnswerPipeline.request(context))
                .withDialect(targets.dialect(databaseId));
        UnaryOperator<GeneratedSql> calibration =
                context == null ? UnaryOperator.identity() : AnswerPipeline.calibration(context);
        Supplier<SchemaColumns> columns = new ColumnsOnce(targets, databaseId, context);
        RepairLoop.Ending<Ran> ending = (context == null ? once : repairs)
                .run(
                        request,
                        candidate(answer),
                        columns,
                        deadline,
                        (sql, attempt, within) -> run(databaseId, asker, sql, attempt, columns, within),
                        calibration,
                        (candidate, attempt) -> {});
        if (ending instanceof RepairLoop.Ending.Failed<Ran> failed) {
            log.info(
                    "execution failed: questionId={} errorClass={} sqlstate={} attempts={}",
                    answer.getQuestionId(),
                    failed.failure().errorClass().wireName(),
                    failed.failure().sqlState(),
                    failed.failure().attempts());
            return new ExecutionResult.Failed(failed.failure());
        }
        RepairLoop.Ending.Passed<Ran> passed = (RepairLoop.Ending.Passed<Ran>) ending;
        ExecutionOutcome.Rows rows = passed.value().rows();
        log.info(
                "answer executed: questionId={} attempts={} rows={} truncated={} executionMs={}",
                answer.getQuestionId(),
                passed.attempts(),
                rows.rows().size(),
                rows.truncated(),
                rows.executionMs());
        return new ExecutionResult.Executed(result(answer, passed));
    }

    /**
     * Validation for a repaired candidate, then the statement itself, as a loop's check. The first candidate is the
     * answer's, which generation validated: it passes the read-only guard again all the same, since a record on the
     * answers topic is no proof that generation wrote it.
     */
    private CandidateCheck.Verdict<Ran> run(
            String databaseId,
            Asker asker,
            String sql,
            int attempt,
            Supplier<SchemaColumns> columns,
            Deadline deadline) {
        List<String> lintWarnings = null;
        if (attempt == 1) {
            Optional<StatementValidator.Rejection> blocked = validator.guard(databaseId, sql);
            if (blocked.isPresent()) return new CandidateCheck.Verdict.Rejected<>(blocked.get());
        } else {
            CandidateCheck.Verdict<List<String>> validated =
                    validator.verdict(databaseId, asker, sql, columns.get(), deadline.remaining());
            if (validated instanceof CandidateCheck.Verdict.Rejected<List<String>> rejected)
                return new CandidateCheck.Verdict.Rejected<>(rejected.rejection());
            lintWarnings = ((CandidateCheck.Verdict.Passed<List<String>>) validated).value();
        }
        ExecutionOutcome outcome = executor.execute(databaseId, asker, sql, maxRows, deadline.remaining());
        if (outcome instanceof ExecutionOutcome.Rows rows)
            return new CandidateCheck.Verdict.Passed<>(new Ran(rows, lintWarnings));
        if (outcome instanceof ExecutionOutcome.Rejected rejected)
            return new CandidateCheck.Verdict.Rejected<>(
                    new StatementValidator.Rejection(rejected.errorClass(), rejected.sqlState(), rejected.message()));
        ExecutionOutcome.Refused refused = (ExecutionOutcome.Refused) outcome;
        return new CandidateCheck.Verdict.Rejected<>(
                new StatementValidator.Rejection(refused.errorClass(), null, refused.message()));
    }

    /** The rows, and the answer as it ran: a repaired candidate replaces its SQL and what the generator said. */
    private static QueryResult result(AnswerValidated answer, RepairLoop.Ending.Passed<Ran> passed) {
        ExecutionOutcome.Rows rows = passed.value().rows();
        // Its context served the repairs; without it the result stays small.
        AnswerValidated.Builder ran = AnswerValidated.newBuilder(answer).setContext(null);
        if (passed.attempts() > 1) {
            GeneratedSql candidate = passed.candidate();
            ran.setSql(candidate.sql())
                    .setExplanation(candidate.explanation())
                    .setConfidence(candidate.confidence())
                    .setTablesUsed(candidate.tablesUsed())
                    .setAssumptions(candidate.assumptions())
                    .setLintWarnings(passed.value().lintWarnings())
                    .setAttempts(answer.getAttempts() + passed.attempts() - 1);
        }
        return QueryResult.newBuilder()
                .setQuestionId(answer.getQuestionId())
                .setCorrelationId(answer.getCorrelationId())
                .setDatabaseId(answer.getDatabaseId())
                .setSql(passed.candidate().sql())
                .setColumns(
                        rows.columns().stream().map(ExecutionPipeline::column).toList())
                .setRows(rows.rows())
                .setRowCount(rows.rows().size())
                .setTruncated(rows.truncated())
                .setExecutionMs(rows.executionMs())
                .setExecutedAs(rows.executedAs())
                .setAnswer(ran.build())
                .setTimestamp(Instant.now())
                .build();
    }

    private static dev.schemarag.events.ResultColumn column(ResultColumn column) {
        return dev.schemarag.events.ResultColumn.newBuilder()
                .setName(column.name())
                .setType(column.type())
                .setMasked(column.masked())
                .build();
    }

    private static GeneratedSql candidate(AnswerValidated answer) {
        return new GeneratedSql(
                answer.getSql(),
                answer.getExplanation(),
                answer.getConfidence(),
                answer.getTablesUsed(),
                answer.getAssumptions(),
                "answer");
    }

    private static GenerationRequest bare(AnswerValidated answer, Asker asker) {
        return new GenerationRequest(
                answer.getQuestionId(),
                answer.getDatabaseId(),
                answer.getQuestion(),
                asker,
                Optional.empty(),
                "",
                List.of(),
                List.of(),
                0,
                Optional.empty(),
                Optional.empty());
    }

    /** The rows a candidate read, and its lint warnings when it was validated here (null for the answer's own). */
    private record Ran(ExecutionOutcome.Rows rows, List<String> lintWarnings) {}

    /** The columns of the answer's tables, read once and only when a repair needs them. */
    private static final class ColumnsOnce implements Supplier<SchemaColumns> {
        private final TargetDatabases targets;
        private final String databaseId;
        private final ContextRetrieved context;
        private SchemaColumns columns;

        ColumnsOnce(TargetDatabases targets, String databaseId, ContextRetrieved context) {
            this.targets = targets;
            this.databaseId = databaseId;
            this.context = context;
        }

        @Override
        public SchemaColumns get() {
            if (columns == null)
                columns = context == null
                        ? SchemaColumns.empty()
                        : targets.columns(
                                databaseId,
                                context.getSelectedTables().stream()
                                        .map(ScoredTable::getTable)
                                        .toList());
            return columns;
        }
    }
}
