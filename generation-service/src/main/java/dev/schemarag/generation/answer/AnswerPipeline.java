package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.DocChunkRef;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.ConfidenceRule;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.validation.ColumnCandidates;
import dev.schemarag.generation.validation.ColumnRepair;
import dev.schemarag.generation.validation.LintIssue;
import dev.schemarag.generation.validation.RetryPolicy;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generate → lint → safety → EXPLAIN → repair, for one question. Blocked SQL is never sent to the database; lint
 * errors skip EXPLAIN; a misspelt column with one clear candidate is fixed without asking the generator; other
 * repairable failures go back to the generator with the error class's instruction (and the column candidates),
 * at most {@code maxAttempts} candidates in all. Nothing here throws for a bad question or a failing database.
 * <p>
 * All of it runs within one deadline per record: each LLM call and EXPLAIN gets at most what is left of it, and a
 * question whose deadline passes before it has an answer or a final verdict is infra_failure (replayable), so that
 * no question holds a worker thread for longer. Runs of different questions overlap: everything
 * shared here (the generator's HTTP client, the pooled JDBC connections, the meters) is thread-safe.
 */
public final class AnswerPipeline {
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    public static final Duration DEFAULT_RECORD_DEADLINE = Duration.ofSeconds(60);
    private static final String UNDEFINED_COLUMN = "42703";
    private static final Logger log = LoggerFactory.getLogger(AnswerPipeline.class);

    private final SqlGenerator generator;
    private final TargetDatabases targets;
    private final ValidatedAnswerSink sink;
    private final int maxAttempts;
    private final StatementValidator validator;
    private final Duration recordDeadline;
    private final LongSupplier nanoTime;

    public AnswerPipeline(SqlGenerator generator, TargetDatabases targets, ValidatedAnswerSink sink, int maxAttempts) {
        this(
                generator,
                targets,
                sink,
                maxAttempts,
                StatementLimits.DEFAULT,
                StructuralBudget.DEFAULT,
                DEFAULT_RECORD_DEADLINE,
                System::nanoTime);
    }

    /** @param nanoTime the monotonic clock the record deadline runs on */
    public AnswerPipeline(
            SqlGenerator generator,
            TargetDatabases targets,
            ValidatedAnswerSink sink,
            int maxAttempts,
            StatementLimits limits,
            StructuralBudget budget,
            Duration recordDeadline,
            LongSupplier nanoTime) {
        if (maxAttempts < 1) throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        this.generator = generator;
        this.targets = targets;
        this.validator = new StatementValidator(targets, limits, budget);
        this.sink = sink;
        this.maxAttempts = maxAttempts;
        this.recordDeadline = recordDeadline;
        this.nanoTime = nanoTime;
    }

    public PipelineResult answer(ContextRetrieved event) {
        Deadline deadline = Deadline.after(recordDeadline, nanoTime);
        GenerationRequest request = request(event);
        List<SqlGenerated> candidates = new ArrayList<>();
        GenerationOutcome first = generator.generate(request, deadline);
        if (first instanceof GenerationOutcome.OutOfTime outOfTime)
            return failed(
                    request, candidates, new PipelineFailure(ErrorClass.INFRA_FAILURE, null, outOfTime.reason(), 0));
        if (first instanceof GenerationOutcome.Unavailable unavailable)
            return failed(
                    request,
                    candidates,
                    new PipelineFailure(ErrorClass.GENERATION_UNAVAILABLE, null, unavailable.reason(), 0));
        SchemaColumns columns = targets.columns(
                request.databaseId(),
                event.getSelectedTables().stream().map(ScoredTable::getTable).toList());
        GeneratedSql candidate = calibrated(((GenerationOutcome.Generated) first).sql(), request, event);
        for (int attempt = 1; ; attempt++) {
            candidates.add(sqlGenerated(event, candidate, attempt));
            Check check = check(request, candidate.sql(), columns, deadline);
            if (check.problem().isEmpty()) return answered(event, candidates, candidate, check.lintWarnings(), attempt);
            Problem problem = check.problem().get();
            log.info(
                    "candidate rejected: questionId={} attempt={} errorClass={} sqlstate={}",
                    request.questionId(),
                    attempt,
                    problem.errorClass().wireName(),
                    problem.sqlState());
            PipelineFailure failure =
                    new PipelineFailure(problem.errorClass(), problem.sqlState(), problem.message(), attempt);
            boolean retried = RetryPolicy.of(problem.errorClass()).retried();
            // A retried class is no verdict on the question: past the deadline (an EXPLAIN cut short by it
            // included), it is the time that ran out.
            if (retried && deadline.passed())
                return failed(
                        request,
                        candidates,
                        new PipelineFailure(
                                ErrorClass.INFRA_FAILURE,
                                problem.sqlState(),
                                "the record deadline of " + deadline.budget().toMillis() + " ms passed after attempt "
                                        + attempt + " (" + problem.errorClass().wireName() + ": " + problem.message()
                                        + ")",
                                attempt));
            if (!retried || attempt >= maxAttempts) return failed(request, candidates, failure);
            Optional<String> autocorrected = UNDEFINED_COLUMN.equals(problem.sqlState())
                    ? new ColumnCandidates(columns).autocorrect(candidate.sql(), problem.message())
                    : Optional.empty();
            if (autocorrected.isPresent()) {
                candidate = candidate.withSql(autocorrected.get());
                continue;
            }
            GenerationOutcome repaired = generator.generate(
                    request.withRepair(
                            new GenerationRequest.Repair(candidate.sql(), problem.message(), problem.instruction())),
                    deadline);
            if (repaired instanceof GenerationOutcome.OutOfTime outOfTime)
                return failed(
                        request,
                        candidates,
                        new PipelineFailure(
                                ErrorClass.INFRA_FAILURE,
                                problem.sqlState(),
                                outOfTime.reason() + " (repairing "
                                        + problem.errorClass().wireName() + ")",
                                attempt));
            if (repaired instanceof GenerationOutcome.Unavailable unavailable)
                return failed(
                        request,
                        candidates,
                        new PipelineFailure(
                                problem.errorClass(),
                                problem.sqlState(),
                                problem.message() + " (no repair: " + unavailable.reason() + ")",
                                attempt));
            candidate = calibrated(((GenerationOutcome.Generated) repaired).sql(), request, event);
        }
    }

    /** The validator's verdict, with the repair instruction for the generator when the database refused the SQL. */
    private Check check(GenerationRequest request, String sql, SchemaColumns columns, Deadline deadline) {
        StatementValidator.Validation validation =
                validator.validate(request.databaseId(), sql, columns, deadline.remaining());
        if (validation.valid())
            return new Check(
                    Optional.empty(),
                    validation.lint().warnings().stream()
                            .map(LintIssue::toString)
                            .toList());
        StatementValidator.Rejection rejection = validation.rejection().get();
        String instruction = RetryPolicy.of(rejection.errorClass()).instruction();
        if (rejection.sqlState() != null)
            instruction = new ColumnCandidates(columns)
                    .suggest(sql, rejection.message())
                    .map(ColumnRepair::instruction)
                    .orElse(instruction);
        return Check.failed(
                new Problem(rejection.errorClass(), rejection.sqlState(), rejection.message(), instruction));
    }

    private PipelineResult answered(
            ContextRetrieved event,
            List<SqlGenerated> candidates,
            GeneratedSql sql,
            List<String> lintWarnings,
            int attempts) {
        String databaseId = event.getQuestion().getDatabaseId();
        String question = event.getQuestion().getQuestion();
        log.info(
                "answer validated: questionId={} attempts={} generator={}",
                event.getQuestion().getId(),
                attempts,
                sql.generator());
        try {
            sink.validated(event.getQuestion().getId(), databaseId, question, sql.sql());
        } catch (Exception e) {
            // The answer stands without becoming a candidate example; it only cannot be reviewed into one.
            log.warn(
                    "could not store the candidate example: questionId={} error={}",
                    event.getQuestion().getId(),
                    e.toString());
        }
        return new PipelineResult.Answered(
                candidates,
                AnswerValidated.newBuilder()
                        .setQuestionId(event.getQuestion().getId())
                        .setCorrelationId(event.getQuestion().getCorrelationId())
                        .setDatabaseId(databaseId)
                        .setQuestion(question)
                        .setSql(sql.sql())
                        .setExplanation(sql.explanation())
                        .setConfidence(sql.confidence())
                        .setTablesUsed(sql.tablesUsed())
                        .setAssumptions(sql.assumptions())
                        .setLintWarnings(lintWarnings)
                        .setRetrievalMetadata(event.getRetrievalMetadata())
                        .setAttempts(attempts)
                        .setTimestamp(Instant.now())
                        .build());
    }

    private static PipelineResult failed(
            GenerationRequest request, List<SqlGenerated> candidates, PipelineFailure failure) {
        log.info(
                "question failed: questionId={} errorClass={} sqlstate={} attempts={}",
                request.questionId(),
                failure.errorClass().wireName(),
                failure.sqlState(),
                failure.attempts());
        return new PipelineResult.Failed(candidates, failure);
    }

    private static GeneratedSql calibrated(GeneratedSql sql, GenerationRequest request, ContextRetrieved event) {
        return sql.withConfidence(ConfidenceRule.adjust(
                sql.confidence(),
                event.getRetrievalMetadata().getStrategy(),
                request.avgRelevanceScore(),
                request.fallbackReason()));
    }

    static GenerationRequest request(ContextRetrieved event) {
        RetrievalMetadata metadata = event.getRetrievalMetadata();
        return new GenerationRequest(
                event.getQuestion().getId(),
                event.getQuestion().getDatabaseId(),
                event.getQuestion().getQuestion(),
                Optional.ofNullable(event.getQuestion().getEvidence()),
                event.getContextPacket(),
                event.getJoinHints(),
                event.getDocChunks().stream().map(DocChunkRef::getText).toList(),
                metadata.getAvgRelevanceScore(),
                Optional.ofNullable(metadata.getFallbackReason()),
                Optional.empty());
    }

    private static SqlGenerated sqlGenerated(ContextRetrieved event, GeneratedSql sql, int attempt) {
        return SqlGenerated.newBuilder()
                .setContext(event)
                .setSql(sql.sql())
                .setExplanation(sql.explanation())
                .setConfidence(sql.confidence())
                .setTablesUsed(sql.tablesUsed())
                .setAssumptions(sql.assumptions())
                .setGenerator(sql.generator())
                .setAttempt(attempt)
                .setGeneratedAt(Instant.now())
                .build();
    }

    private record Problem(ErrorClass errorClass, String sqlState, String message, String instruction) {}

    private record Check(Optional<Problem> problem, List<String> lintWarnings) {
        static Check failed(Problem problem) {
            return new Check(Optional.of(problem), List.of());
        }
    }
}
