package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.AsyncResults;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.validation.ColumnCandidates;
import dev.schemarag.generation.validation.ColumnRepair;
import dev.schemarag.generation.validation.RetryPolicy;
import dev.schemarag.generation.validation.SchemaColumns;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Candidate → check → repair, until a candidate passes or the budget, the error class or the deadline says stop. A
 * failure goes back to the generator only when its class can be repaired ({@link RetryPolicy}) and the
 * {@link RepairBudget} allows another candidate; a misspelt column with one clear candidate is fixed without asking
 * the generator; other repairs carry the class's instruction, or the column candidates for an unknown column. Past
 * the deadline a repairable failure is no verdict on the question: it ends as infra_failure, which is replayable.
 * Shared by generation (the check validates) and execution (it validates a repaired candidate, then runs it).
 */
public final class RepairLoop {
    private static final String UNDEFINED_COLUMN = "42703";
    private static final Logger log = LoggerFactory.getLogger(RepairLoop.class);

    private final SqlGenerator generator;
    private final RepairBudget budget;

    public RepairLoop(SqlGenerator generator, RepairBudget budget) {
        this.generator = generator;
        this.budget = budget;
    }

    /**
     * {@link #runAsync} on the caller's thread, for a caller that holds one anyway.
     *
     * @param first the candidate of attempt 1
     * @param columns the columns of the tables in context, asked for only when a repair needs them
     * @param calibrated applied to every candidate the generator repairs
     * @param tried told of each candidate, with its attempt, before it is checked
     */
    public <T> Ending<T> run(
            GenerationRequest request,
            GeneratedSql first,
            Supplier<SchemaColumns> columns,
            Deadline deadline,
            CandidateCheck<T> check,
            UnaryOperator<GeneratedSql> calibrated,
            ObjIntConsumer<GeneratedSql> tried) {
        return AsyncResults.join(runAsync(request, first, columns, deadline, check, calibrated, tried, Runnable::run));
    }

    /**
     * The loop as a chain of steps: each check runs on {@code blocking} (it may lint, EXPLAIN or run the statement),
     * each repair is the generator's {@link SqlGenerator#generateAsync}, which holds no thread while the model thinks.
     * The steps of one run follow each other, so its state needs no lock.
     */
    public <T> CompletableFuture<Ending<T>> runAsync(
            GenerationRequest request,
            GeneratedSql first,
            Supplier<SchemaColumns> columns,
            Deadline deadline,
            CandidateCheck<T> check,
            UnaryOperator<GeneratedSql> calibrated,
            ObjIntConsumer<GeneratedSql> tried,
            Executor blocking) {
        return new Run<>(request, columns, deadline, check, calibrated, tried, blocking).attempt(first, 1);
    }

    /** One run of the loop: its candidates' failures so far, and the steps that continue it. */
    private final class Run<T> {
        private final GenerationRequest request;
        private final Supplier<SchemaColumns> columns;
        private final Deadline deadline;
        private final CandidateCheck<T> check;
        private final UnaryOperator<GeneratedSql> calibrated;
        private final ObjIntConsumer<GeneratedSql> tried;
        private final Executor blocking;
        private final Map<ErrorClass, Integer> failures = new EnumMap<>(ErrorClass.class);

        Run(
                GenerationRequest request,
                Supplier<SchemaColumns> columns,
                Deadline deadline,
                CandidateCheck<T> check,
                UnaryOperator<GeneratedSql> calibrated,
                ObjIntConsumer<GeneratedSql> tried,
                Executor blocking) {
            this.request = request;
            this.columns = columns;
            this.deadline = deadline;
            this.check = check;
            this.calibrated = calibrated;
            this.tried = tried;
            this.blocking = blocking;
        }

        CompletableFuture<Ending<T>> attempt(GeneratedSql candidate, int attempt) {
            return CompletableFuture.supplyAsync(
                            () -> {
                                tried.accept(candidate, attempt);
                                return check.check(candidate.sql(), attempt, deadline);
                            },
                            blocking)
                    .thenCompose(verdict -> next(candidate, attempt, verdict));
        }

        /** On the thread that checked: the ending, or the next candidate's attempt. */
        private CompletableFuture<Ending<T>> next(
                GeneratedSql candidate, int attempt, CandidateCheck.Verdict<T> verdict) {
            if (verdict instanceof CandidateCheck.Verdict.Passed<T> passed)
                return CompletableFuture.completedFuture(new Ending.Passed<>(candidate, passed.value(), attempt));
            StatementValidator.Rejection problem = ((CandidateCheck.Verdict.Rejected<T>) verdict).rejection();
            log.info(
                    "candidate rejected: questionId={} attempt={} errorClass={} sqlstate={}",
                    request.questionId(),
                    attempt,
                    problem.errorClass().wireName(),
                    problem.sqlState());
            int times = failures.merge(problem.errorClass(), 1, Integer::sum);
            boolean retried = RetryPolicy.of(problem.errorClass()).retried();
            if (retried && deadline.passed())
                return failed(
                        ErrorClass.INFRA_FAILURE,
                        problem.sqlState(),
                        "the record deadline of " + deadline.budget().toMillis() + " ms passed after attempt " + attempt
                                + " (" + problem.errorClass().wireName() + ": " + problem.message() + ")",
                        attempt);
            if (!retried || !budget.allows(problem.errorClass(), times, attempt))
                return failed(problem.errorClass(), problem.sqlState(), problem.message(), attempt);
            Optional<String> autocorrected = UNDEFINED_COLUMN.equals(problem.sqlState())
                    ? new ColumnCandidates(columns.get()).autocorrect(candidate.sql(), problem.message())
                    : Optional.empty();
            if (autocorrected.isPresent()) return attempt(candidate.withSql(autocorrected.get()), attempt + 1);
            GenerationRequest repair = request.withRepair(new GenerationRequest.Repair(
                    candidate.sql(), problem.message(), instruction(problem, candidate.sql(), columns)));
            return generator.generateAsync(repair, deadline, blocking).thenCompose(repaired -> {
                if (repaired instanceof GenerationOutcome.OutOfTime outOfTime)
                    return failed(
                            ErrorClass.INFRA_FAILURE,
                            problem.sqlState(),
                            outOfTime.reason() + " (repairing "
                                    + problem.errorClass().wireName() + ")",
                            attempt);
                if (repaired instanceof GenerationOutcome.Unavailable unavailable)
                    return failed(
                            problem.errorClass(),
                            problem.sqlState(),
                            problem.message() + " (no repair: " + unavailable.reason() + ")",
                            attempt);
                return attempt(calibrated.apply(((GenerationOutcome.Generated) repaired).sql()), attempt + 1);
            });
        }
    }

    /** The class's instruction, or the candidates for a column the database did not know. */
    private static String instruction(
            StatementValidator.Rejection problem, String sql, Supplier<SchemaColumns> columns) {
        String instruction = RetryPolicy.of(problem.errorClass()).instruction();
        if (problem.sqlState() == null) return instruction;
        return new ColumnCandidates(columns.get())
                .suggest(sql, problem.message())
                .map(ColumnRepair::instruction)
                .orElse(instruction);
    }

    private static <T> CompletableFuture<Ending<T>> failed(
            ErrorClass errorClass, String sqlState, String message, int attempts) {
        return CompletableFuture.completedFuture(
                new Ending.Failed<>(new PipelineFailure(errorClass, sqlState, message, attempts)));
    }

    /** The candidate that passed, what its check gave and the candidates it took; or why none passed. */
    public sealed interface Ending<T> {
        record Passed<T>(GeneratedSql candidate, T value, int attempts) implements Ending<T> {}

        record Failed<T>(PipelineFailure failure) implements Ending<T> {
            public Failed {
                Objects.requireNonNull(failure, "failure");
            }
        }
    }
}
