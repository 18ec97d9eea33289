package dev.schemarag.generation.answer;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.questions.AnswerCacheProbing;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.CachedAnswerEntry;
import dev.schemarag.events.CachedAnswerRef;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.DocChunkRef;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.QuestionEmbedding;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.AsyncResults;
import dev.schemarag.generation.ConfidenceRule;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.cache.AnswerCache;
import dev.schemarag.generation.cache.AnswerCacheKey;
import dev.schemarag.generation.cache.CachedAnswer;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.apache.avro.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generate → lint → safety → EXPLAIN → repair, for one question, in a {@link RepairLoop} whose check is the
 * {@link StatementValidator}: blocked SQL is never sent to the database, lint errors skip EXPLAIN, and repairable
 * failures go back to the generator, at most {@code maxAttempts} candidates in all. An answer about a database
 * registered with {@code execute} is marked for the execution stage, unless its question asked for SQL only.
 * Nothing here throws for a bad question or a failing database. A question the {@link AnswerCache} holds a fresh
 * answer to is answered with its SQL without the generator (validated again only when it will not be executed). Retrieval passes a question its probe
 * found in the cache on without a context ({@code cachedAnswer}); when its entry cannot be served after all (gone
 * stale since, rejected by validation, another generator's), the question goes back to retrieval to be ranked.
 * <p>
 * All of it runs within one deadline per record: each LLM call and EXPLAIN gets at most what is left of it, and a
 * question whose deadline passes before it has an answer or a final verdict is infra_failure (replayable), so that
 * no question stays in the work for longer. Runs of different questions overlap: everything
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
    private final AnswerCache cache;

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

    /** Without the answer cache. */
    public AnswerPipeline(
            SqlGenerator generator,
            TargetDatabases targets,
            ValidatedAnswerSink sink,
            int maxAttempts,
            StatementLimits limits,
            StructuralBudget budget,
            Duration recordDeadline,
            LongSupplier nanoTime) {
        this(generator, targets, sink, maxAttempts, limits, budget, recordDeadline, nanoTime, AnswerCache.off());
    }

    /**
     * @param nanoTime the monotonic clock the record deadline runs on
     * @param cache the answers the model wrote for earlier questions, served again to the same question of the same
     *     role while the tables they read have not changed
     */
    public AnswerPipeline(
            SqlGenerator generator,
            TargetDatabases targets,
            ValidatedAnswerSink sink,
            int maxAttempts,
            StatementLimits limits,
            StructuralBudget budget,
            Duration recordDeadline,
            LongSupplier nanoTime,
            AnswerCache cache) {
        this.generator = generator;
        this.targets = targets;
        this.validator = new StatementValidator(targets, limits, budget);
        this.sink = sink;
        this.loop = new RepairLoop(generator, RepairBudget.of(maxAttempts));
        this.recordDeadline = recordDeadline;
        this.nanoTime = nanoTime;
        this.cache = cache;
    }

    /** {@link #answer(ContextRetrieved, Executor)} on the caller's thread. */
    public PipelineResult answer(ContextRetrieved event) {
        return AsyncResults.join(answer(event, Runnable::run));
    }

    /**
     * The answer as a chain of steps: the ones that hold a thread (the access check, the cache, EXPLAIN, storing the
     * candidate example) run on {@code blocking}, the model calls are the generator's
     * {@link SqlGenerator#generateAsync}, so a question waiting for the model holds no thread. The record deadline
     * starts now.
     */
    public CompletableFuture<PipelineResult> answer(ContextRetrieved received, Executor blocking) {
        Deadline deadline = Deadline.after(recordDeadline, nanoTime);
        GenerationRequest request = request(received)
                .withDialect(targets.dialect(received.getQuestion().getDatabaseId()));
        ContextRetrieved event = withoutEmbedding(received);
        return CompletableFuture.supplyAsync(() -> beforeTheModel(event, request, deadline, blocking), blocking)
                .thenCompose(start -> start.decided().isPresent()
                        ? CompletableFuture.completedFuture(start.decided().get())
                        : generated(event, request, start.key(), deadline, blocking));
    }

    /**
     * The context as the outputs carry it: the request holds the question's vector now, and no reader of the candidates
     * or the answer needs it, so its ~1.5 KB does not travel on two more topics (a repair after execution embeds anew).
     * A shallow copy: the outputs share the received record's parts, which nothing changes (Avro's builder would copy
     * the whole packet, question and metadata once more per question).
     */
    static ContextRetrieved withoutEmbedding(ContextRetrieved event) {
        if (event.getQuestionEmbedding() == null) return event;
        ContextRetrieved copy = new ContextRetrieved();
        for (Schema.Field field : event.getSchema().getFields()) copy.put(field.pos(), event.get(field.pos()));
        copy.setQuestionEmbedding(null);
        return copy;
    }

    /** What the question gets without a model call: a refusal or a cached answer; else the key to cache it under. */
    private Start beforeTheModel(
            ContextRetrieved event, GenerationRequest request, Deadline deadline, Executor blocking) {
        Asker asker = request.asker();
        // Before the generator: a question that will be refused costs no model call.
        if (!targets.admits(request.databaseId(), asker))
            return Start.of(failed(
                    request,
                    List.of(),
                    new PipelineFailure(
                            ErrorClass.ACCESS_DENIED, null, Principals.refusal(request.databaseId(), asker), 0)));
        Optional<AnswerCacheKey> key = cache.key(
                request.databaseId(),
                targets.sessionRole(request.databaseId(), asker),
                request.question(),
                event.getQuestion().getEvidence(),
                targets.dialect(request.databaseId()).name());
        Optional<PipelineResult> served = key.flatMap(k -> fromCache(event, k, asker, deadline, blocking));
        // Retrieval sent no context along with a cache hit: an entry that cannot be served needs one.
        if (served.isEmpty() && event.getCachedAnswer() != null) return Start.of(retrieveAgain(event));
        return new Start(served, key);
    }

    /** The question of a cache hit retrieval passed on, to be retrieved again without the probe. */
    private static PipelineResult retrieveAgain(ContextRetrieved event) {
        log.info(
                "answer cache entry retrieval found was not served, retrieving again: questionId={}",
                event.getQuestion().getId());
        Map<String, String> settings = new HashMap<>(event.getQuestion().getRetrievalSettings());
        settings.put(AnswerCacheProbing.SETTING, "false");
        return new PipelineResult.RetrieveAgain(QuestionAsked.newBuilder(event.getQuestion())
                .setRetrievalSettings(settings)
                .build());
    }

    private CompletableFuture<PipelineResult> generated(
            ContextRetrieved event,
            GenerationRequest request,
            Optional<AnswerCacheKey> key,
            Deadline deadline,
            Executor blocking) {
        // Appended to by one step at a time.
        List<SqlGenerated> candidates = new ArrayList<>();
        return generator
                .generateAsync(request, deadline, blocking)
                .thenComposeAsync(
                        first -> {
                            if (first instanceof GenerationOutcome.OutOfTime outOfTime)
                                return CompletableFuture.completedFuture(failed(
                                        request,
                                        candidates,
                                        new PipelineFailure(ErrorClass.INFRA_FAILURE, null, outOfTime.reason(), 0)));
                            if (first instanceof GenerationOutcome.Unavailable unavailable)
                                return CompletableFuture.completedFuture(failed(
                                        request,
                                        candidates,
                                        new PipelineFailure(
                                                ErrorClass.GENERATION_UNAVAILABLE, null, unavailable.reason(), 0)));
                            return validated(
                                    event,
                                    request,
                                    key,
                                    ((GenerationOutcome.Generated) first).sql(),
                                    candidates,
                                    deadline,
                                    blocking);
                        },
                        blocking);
    }

    /** The repair loop from the model's first candidate, on the thread that took the candidate over. */
    private CompletableFuture<PipelineResult> validated(
            ContextRetrieved event,
            GenerationRequest request,
            Optional<AnswerCacheKey> key,
            GeneratedSql first,
            List<SqlGenerated> candidates,
            Deadline deadline,
            Executor blocking) {
        Asker asker = request.asker();
        SchemaColumns columns = targets.columns(
                request.databaseId(),
                event.getSelectedTables().stream().map(ScoredTable::getTable).toList());
        UnaryOperator<GeneratedSql> calibration = calibration(event);
        return loop.runAsync(
                        request,
                        calibration.apply(first),
                        () -> columns,
                        deadline,
                        (sql, attempt, within) ->
                                validator.verdict(request.databaseId(), asker, sql, columns, within.remaining()),
                        calibration,
                        (candidate, attempt) -> candidates.add(sqlGenerated(event, candidate, attempt)),
                        blocking)
                .thenApplyAsync(
                        ending -> {
                            if (ending instanceof RepairLoop.Ending.Passed<List<String>> passed) {
                                key.ifPresent(k -> remember(k, event, asker, passed.candidate(), passed.value()));
                                return answered(
                                        event,
                                        request.questionVector(),
                                        candidates,
                                        passed.candidate(),
                                        passed.value(),
                                        passed.attempts(),
                                        null);
                            }
                            return failed(
                                    request, candidates, ((RepairLoop.Ending.Failed<List<String>>) ending).failure());
                        },
                        blocking);
    }

    /** A question decided before any model call, or the key its answer may be cached under. */
    private record Start(Optional<PipelineResult> decided, Optional<AnswerCacheKey> key) {
        static Start of(PipelineResult result) {
            return new Start(Optional.of(result), Optional.empty());
        }
    }

    /**
     * The cached answer to the question. Its SQL is the exact text that passed lint, the guard and EXPLAIN as this role
     * when it was stored, and no table it reads has changed since (the lookup decides freshness from the catalog's
     * table versions, which privilege changes bump too). An answer that will be executed is served as it is: the
     * execution stage guards it again and runs it as the role, and classifies what fails there, so checking it here
     * as well would only slow the hit. One that will not be executed is validated again as {@code asker} first, since
     * its SQL is all the asker gets: a fresh entry whose SQL no longer passes (a change the index has not seen yet) is
     * dropped, and the generator answers. Lint runs without the context's columns, which only its ambiguity rule
     * reads: the entry passed it on the same SQL over the same tables, and EXPLAIN finds an ambiguous column as well.
     * The entry retrieval's probe read is served as the probe found it when it is the one {@code key} names; the
     * reuse is recorded on {@code blocking} beside the answer, off the hit's path.
     */
    private Optional<PipelineResult> fromCache(
            ContextRetrieved event, AnswerCacheKey key, Asker asker, Deadline deadline, Executor blocking) {
        long start = nanoTime.getAsLong();
        Optional<CachedAnswer> entry = carried(event, key).or(() -> cache.lookup(key));
        if (entry.isEmpty()) return Optional.empty();
        GeneratedSql sql = entry.get().candidate();
        List<String> lintWarnings = entry.get().lintWarnings();
        if (!executes(event)) {
            CandidateCheck.Verdict<List<String>> verdict =
                    validator.verdict(key.databaseId(), asker, sql.sql(), SchemaColumns.empty(), deadline.remaining());
            if (verdict instanceof CandidateCheck.Verdict.Rejected<List<String>> rejected) {
                cache.rejected(
                        key,
                        rejected.rejection().errorClass().wireName() + ": "
                                + rejected.rejection().message());
                return Optional.empty();
            }
            lintWarnings = ((CandidateCheck.Verdict.Passed<List<String>>) verdict).value();
        }
        PipelineResult result = answered(
                event,
                Optional.empty(),
                List.of(sqlGenerated(event, sql, 1)),
                sql,
                lintWarnings,
                1,
                entry.get().questionId());
        cache.served(Duration.ofNanos(nanoTime.getAsLong() - start));
        recordReuse(event.getQuestion().getId(), entry.get().questionId(), blocking);
        return Optional.of(result);
    }

    /** The entry retrieval's probe read, when it carried one and it is the one {@code key} names. */
    private Optional<CachedAnswer> carried(ContextRetrieved event, AnswerCacheKey key) {
        CachedAnswerRef ref = event.getCachedAnswer();
        if (ref == null || ref.getEntry() == null) return Optional.empty();
        CachedAnswerEntry entry = ref.getEntry();
        return cache.carried(
                key,
                new AnswerCacheKey(
                        key.databaseId(), entry.getRoleName(), entry.getQuestionHash(), entry.getSettingsHash()),
                entry.getStoredAt(),
                new CachedAnswer(
                        ref.getQuestionId(),
                        entry.getQuestion(),
                        entry.getSql(),
                        entry.getExplanation(),
                        entry.getConfidence(),
                        entry.getTablesUsed(),
                        entry.getAssumptions(),
                        entry.getReadsTables(),
                        entry.getLintWarnings(),
                        entry.getCatalogVersion()),
                Instant.now());
    }

    /**
     * Records the answer as a candidate example reusing the origin's, so that feedback on it finds it. Asynchronous:
     * the record is idempotent (a task that runs the question again writes the same), and one lost to a crash only
     * leaves the answer without a row to review.
     */
    private void recordReuse(String questionId, String originQuestionId, Executor blocking) {
        Runnable reuse = () -> {
            try {
                sink.reused(questionId, originQuestionId);
            } catch (Exception e) {
                log.warn("could not store the candidate example: questionId={} error={}", questionId, e.toString());
            }
        };
        try {
            blocking.execute(reuse);
        } catch (RejectedExecutionException e) {
            // The task is closing: its next owner answers the question again and records it then.
            log.debug("reuse not recorded, the run was cancelled: questionId={}", questionId);
        }
    }

    /** Whether the answer to this question goes on to the execution stage. */
    private boolean executes(ContextRetrieved event) {
        return targets.executes(event.getQuestion().getDatabaseId())
                && !event.getQuestion().getSqlOnly();
    }

    /**
     * Caches a validated answer the model wrote. The offline generator's are not: they are a lookup already, and they
     * come from examples a reviewer may reject or a re-check quarantine without any table changing.
     */
    private void remember(
            AnswerCacheKey key, ContextRetrieved event, Asker asker, GeneratedSql sql, List<String> lintWarnings) {
        if (!GeneratedSql.LLM.equals(sql.generator())) return;
        try {
            CachedAnswer.of(
                            event.getQuestion().getId(),
                            event.getQuestion().getQuestion(),
                            sql,
                            lintWarnings,
                            event.getRetrievalMetadata().getCatalogVersion())
                    .ifPresent(answer -> cache.remember(key, asker.principal().orElse(""), answer));
        } catch (RuntimeException e) {
            // The answer stands uncached: parsing what its SQL reads is no reason to fail it.
            log.warn(
                    "answer not cached: questionId={} error={}",
                    event.getQuestion().getId(),
                    e.toString());
        }
    }

    /**
     * @param questionVector the question's embedding, for the candidate example
     * @param cachedFrom the question id of the answer whose SQL the cache served, or null for a generated one
     */
    private PipelineResult answered(
            ContextRetrieved event,
            Optional<QuestionVector> questionVector,
            List<SqlGenerated> candidates,
            GeneratedSql sql,
            List<String> lintWarnings,
            int attempts,
            String cachedFrom) {
        String databaseId = event.getQuestion().getDatabaseId();
        String question = event.getQuestion().getQuestion();
        // Executed answers carry their context: a repair after a failed execution asks the generator again. A cache
        // hit retrieval passed on has no packet to repair with, so its answer runs once, as it is.
        boolean execute = executes(event);
        boolean repairable = execute && event.getCachedAnswer() == null;
        log.info(
                "answer validated: questionId={} attempts={} generator={}",
                event.getQuestion().getId(),
                attempts,
                sql.generator());
        try {
            // A cached answer's reuse is recorded by the caller, off the hit's path.
            if (cachedFrom == null)
                sink.validated(event.getQuestion().getId(), databaseId, question, sql.sql(), questionVector);
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
                        .setContext(repairable ? event : null)
                        .setCachedFrom(cachedFrom)
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
        RetrievalMetadata metadata = event.getRetrievalMetadata();
        Optional<String> fallbackReason = Optional.ofNullable(metadata.getFallbackReason());
        return sql -> sql.withConfidence(ConfidenceRule.adjust(
                sql.confidence(), metadata.getStrategy(), metadata.getAvgRelevanceScore(), fallbackReason));
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
                        Optional.empty())
                .withQuestionVector(questionVector(event));
    }

    /** The question's embedding retrieval carried, if it did (records written before it was carried have none). */
    static Optional<QuestionVector> questionVector(ContextRetrieved event) {
        QuestionEmbedding carried = event.getQuestionEmbedding();
        return carried == null ? Optional.empty() : QuestionVector.decode(carried.getModel(), carried.getVector());
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
