package dev.schemarag.generation.answer;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Principals;
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
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generate → lint → safety → EXPLAIN → repair, for one question, in a {@link RepairLoop} whose check is the
 * {@link StatementValidator}: blocked SQL is never sent to the database, lint errors skip EXPLAIN, and repairable
 * failures go back to the generator, at most {@code maxAttempts} candidates in all. An answer about a database
 * registered with {@code execute} is marked for the execution stage, unless its question asked for SQL only.
 * Nothing here throws for a bad question or a failing database.
 * <p>
 * All of it runs within one deadline per record: each LLM call and EXPLAIN gets at most what is left of it, and a
 * question whose deadline passes before it has an answer or a final verdict is infra_failure (replayable), so that
 * no question holds a worker thread for longer. Runs of different questions overlap: everything
 * shared here (the generator's HTTP client, the pooled JDBC connections, the meters) is thread-safe.
 */
public final class AnswerPipeline {
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    public static final Duration DEFAULT_RECORD_DEADLINE = Duration.ofSeconds(60);
    private static final Logger log = LoggerFactory.getLogger(AnswerPipeline.class);

    private final SqlGenerator generator;
    private final TargetDatabases targets;
    private final ValidatedAnswerSink sink;
    private final RepairLoop loop;
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
        this.generator = generator;
        this.targets = targets;
        this.validator = new StatementValidator(targets, limits, budget);
        this.sink = sink;
        this.loop = new RepairLoop(generator, RepairBudget.of(maxAttempts));
        this.recordDeadline = recordDeadline;
        this.nanoTime = nanoTime;
    }

    public PipelineResult answer(ContextRetrieved event) {
        Deadline deadline = Deadline.after(recordDeadline, nanoTime);
        GenerationRequest request = request(event);
        List<SqlGenerated> candidates = new ArrayList<>();
        Asker asker = request.asker();
        // Before the generator: a question that will be refused costs no model call.
        if (!targets.admits(request.databaseId(), asker))
            return failed(
                    request,
                    candidates,
                    new PipelineFailure(
                            ErrorClass.ACCESS_DENIED, null, Principals.refusal(request.databaseId(), asker), 0));
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
        UnaryOperator<GeneratedSql> calibration = calibration(event);
        RepairLoop.Ending<List<String>> ending = loop.run(
                request,
                calibration.apply(((GenerationOutcome.Generated) first).sql()),
                () -> columns,
                deadline,
                (sql, attempt, within) ->
                        validator.verdict(request.databaseId(), asker, sql, columns, within.remaining()),
                calibration,
                (candidate, attempt) -> candidates.add(sqlGenerated(event, candidate, attempt)));
        if (ending instanceof RepairLoop.Ending.Passed<List<String>> passed)
            return answered(event, candidates, passed.candidate(), passed.value(), passed.attempts());
        return failed(request, candidates, ((RepairLoop.Ending.Failed<List<String>>) ending).failure());
    }

    private PipelineResult answered(
            ContextRetrieved event,
            List<SqlGenerated> candidates,
            GeneratedSql sql,
            List<String> lintWarnings,
            int attempts) {
        String databaseId = event.getQuestion().getDatabaseId();
        String question = event.getQuestion().getQuestion();
        // Executed answers carry their context: a repair after a failed execution asks the generator again.
        boolean execute = targets.executes(databaseId) && !event.getQuestion().getSqlOnly();
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
                        .setExecute(execute)
                        .setContext(execute ? event : null)
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

    /** The confidence rule for candidates of {@code event}: weak retrieval lowers what the generator claims. */
    public static UnaryOperator<GeneratedSql> calibration(ContextRetrieved event) {
        GenerationRequest request = request(event);
        return sql -> sql.withConfidence(ConfidenceRule.adjust(
                sql.confidence(),
                event.getRetrievalMetadata().getStrategy(),
                request.avgRelevanceScore(),
                request.fallbackReason()));
    }

    /** What a generator is asked for {@code event}, before any repair. */
    public static GenerationRequest request(ContextRetrieved event) {
        RetrievalMetadata metadata = event.getRetrievalMetadata();
        return new GenerationRequest(
                event.getQuestion().getId(),
                event.getQuestion().getDatabaseId(),
                event.getQuestion().getQuestion(),
                Asker.of(event.getQuestion().getPrincipal()),
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
}
