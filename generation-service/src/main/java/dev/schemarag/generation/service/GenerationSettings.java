package dev.schemarag.generation.service;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.service.TargetLimitSettings;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.cache.AnswerCache;
import dev.schemarag.generation.cache.AnswerCacheKey;
import dev.schemarag.generation.cache.AnswerCacheMeters;
import dev.schemarag.generation.cache.AnswerCacheStore;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.kafka.GenerationTopology;
import dev.schemarag.generation.kafka.StageWorkers;
import dev.schemarag.generation.mysql.MySqlTargetDatabases;
import dev.schemarag.generation.postgres.PostgresTargetDatabases;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The generation service's settings; each maps to an environment variable, e.g. GENERATION_MAX_ATTEMPTS. */
public final class GenerationSettings {
    public static final Setting<Integer> MAX_ATTEMPTS = Setting.integer(
            "generation.max.attempts",
            AnswerPipeline.DEFAULT_MAX_ATTEMPTS,
            1,
            10,
            "SQL candidates tried per question, repairs included");
    public static final Setting<Integer> RECORD_DEADLINE_MS = Setting.integer(
            "generation.record.deadline.ms",
            (int) AnswerPipeline.DEFAULT_RECORD_DEADLINE.toMillis(),
            1_000,
            1_800_000,
            "longest one question may take in generation and validation, LLM calls, retries, EXPLAINs and repairs"
                    + " included; past it the question is dead-lettered as infra_failure. It runs off the stream"
                    + " thread, so it is not bound by max.poll.interval.ms");
    /** About 250 answers/s with a model that takes 1 s, within a few MB of questions and calls under way. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 256;

    public static final Setting<Integer> CONCURRENCY = Setting.integer(
            "generation.concurrency",
            StageWorkers.DEFAULT_CONCURRENCY,
            1,
            256,
            "worker threads per process for the steps of an answer that hold one (the access check, the answer"
                    + " cache, lint, guard, EXPLAIN, storing the candidate example, the offline generator's lookup),"
                    + " shared by all its partitions; a question waiting for the LLM holds none");
    public static final Setting<Integer> LLM_MAX_IN_FLIGHT = Setting.integer(
            "generation.llm.max.in.flight",
            DEFAULT_MAX_IN_FLIGHT,
            1,
            4_096,
            "questions in the work at once per process, waiting for the LLM or on a worker thread; the others wait"
                    + " in the partition's store. With a slow model this bounds the answers per second (about this"
                    + " many per LLM latency), and the memory of the questions and calls under way");
    public static final Setting<Integer> PUNCTUATE_INTERVAL_MS = Setting.integer(
            "generation.punctuate.interval.ms",
            (int) GenerationTopology.DEFAULT_PUNCTUATE_INTERVAL.toMillis(),
            1,
            1_000,
            "how often each partition's task forwards finished answers and hands waiting questions to the workers"
                    + " (also the stream threads' poll.ms)");
    /** Declared with the other limits on the target database. */
    public static final Setting<Integer> STATEMENT_TIMEOUT_MILLIS = TargetLimitSettings.STATEMENT_TIMEOUT_MILLIS;

    /** Read by {@link #exampleThreshold}: its default follows the examples' model. */
    public static final Setting<Double> EXAMPLE_THRESHOLD = Setting.decimal(
            "generation.example.threshold",
            VerifiedExampleGenerator.DEFAULT_THRESHOLD,
            0.0,
            1.0,
            "least question similarity at which a verified example answers offline; unset: the one calibrated for"
                    + " examples.embedding.model (all-minilm-l6-v2-q 0.7, bge-small-en-v1.5-q 0.8)");

    public static final Setting<Boolean> ANSWER_CACHE_ENABLED = Setting.bool(
            "generation.answer-cache.enabled",
            AnswerCache.DEFAULT_ENABLED,
            "serve a repeated question (same database, same role, same question once normalised, same model) the SQL"
                    + " the model wrote for it before, executed afresh, while none of the tables"
                    + " it reads has changed; only answers of a model are cached");
    public static final Setting<Integer> ANSWER_CACHE_MAX_ENTRIES = Setting.integer(
            "generation.answer-cache.max-entries",
            AnswerCache.DEFAULT_MAX_ENTRIES,
            1,
            10_000_000,
            "most answers cached per database; the oldest go first");
    public static final Setting<Integer> ANSWER_CACHE_TTL_HOURS = Setting.integer(
            "generation.answer-cache.ttl-hours",
            (int) AnswerCache.DEFAULT_TTL.toHours(),
            1,
            8_760,
            "hours a cached answer is served after it was validated, at most; a change of a table it reads ends it"
                    + " at once");

    public static final Setting<Integer> SQL_MAX_LENGTH = Setting.integer(
            "generation.sql.max.length",
            StatementLimits.DEFAULT_MAX_LENGTH,
            1_000,
            1_048_576,
            "longest generated SQL text (characters) that is validated at all");
    public static final Setting<Integer> SQL_MAX_DEPTH = Setting.integer(
            "generation.sql.max.depth",
            StatementLimits.DEFAULT_MAX_DEPTH,
            4,
            100,
            "deepest nesting of parentheses, brackets and CASE in generated SQL");
    public static final Setting<Integer> SQL_MAX_OPERATOR_CHAIN = Setting.integer(
            "generation.sql.max.operator.chain",
            StatementLimits.DEFAULT_MAX_OPERATOR_CHAIN,
            10,
            1_000,
            "most operators chained within one nesting level of generated SQL");
    public static final Setting<Integer> SQL_MAX_CTES = Setting.integer(
            StructuralBudget.MAX_CTES_KEY,
            StructuralBudget.DEFAULT_MAX_CTES,
            0,
            1_000,
            "most common table expressions (WITH entries) in one generated statement, at any level");
    public static final Setting<Integer> SQL_MAX_QUERY_DEPTH = Setting.integer(
            StructuralBudget.MAX_QUERY_DEPTH_KEY,
            StructuralBudget.DEFAULT_MAX_QUERY_DEPTH,
            1,
            100,
            "deepest nesting of subqueries, derived tables and CTE bodies in generated SQL (a flat query is 1)");
    public static final Setting<Integer> SQL_MAX_RELATIONS = Setting.integer(
            StructuralBudget.MAX_RELATIONS_KEY,
            StructuralBudget.DEFAULT_MAX_RELATIONS,
            1,
            10_000,
            "most FROM and JOIN entries (tables, CTE references, derived tables, table functions) in one generated"
                    + " statement, all query blocks together: planning a join chain grows much faster than the"
                    + " chain, and statement_timeout does not stop all of it");
    public static final Setting<Integer> SQL_MAX_SET_OPERATIONS = Setting.integer(
            StructuralBudget.MAX_SET_OPERATIONS_KEY,
            StructuralBudget.DEFAULT_MAX_SET_OPERATIONS,
            0,
            10_000,
            "most UNION, INTERSECT and EXCEPT operators in one generated statement");
    public static final Setting<Integer> SQL_MAX_PLAN_SIZE = Setting.integer(
            StructuralBudget.MAX_PLAN_SIZE_KEY,
            StructuralBudget.DEFAULT_MAX_PLAN_SIZE,
            100,
            100_000_000,
            "largest estimated number of expression nodes the planner builds for generated SQL once it has"
                    + " inlined CTEs and derived tables, copying a column's expression into each reference to it (a"
                    + " column used twice per level doubles at every level)");

    private GenerationSettings() {}

    /** The longest one question may take in the answer pipeline, on a worker thread. */
    public static Duration recordDeadline(Settings settings) {
        return Duration.ofMillis(settings.get(RECORD_DEADLINE_MS));
    }

    public static Duration punctuateInterval(Settings settings) {
        return Duration.ofMillis(settings.get(PUNCTUATE_INTERVAL_MS));
    }

    /**
     * EXPLAIN on the registered databases as their readers, each through its dialect's adapter, under the configured
     * limits and bulkhead (one per adapter: a database is only ever in one).
     */
    public static TargetDatabasesByDialect targetDatabases(Settings settings, DatabaseRegistry databases) {
        TargetSessionLimits limits = TargetLimitSettings.limits(settings);
        int concurrency = settings.get(TargetLimitSettings.CONCURRENCY);
        Duration queueWait = Duration.ofMillis(settings.get(TargetLimitSettings.QUEUE_WAIT_MS));
        return new TargetDatabasesByDialect(
                databases,
                new PostgresTargetDatabases(databases, limits, new DatabaseBulkhead(concurrency), queueWait),
                new MySqlTargetDatabases(
                        databases, limits.statementTimeout(), new DatabaseBulkhead(concurrency), queueWait));
    }

    /**
     * The answer cache on {@code store}, when it is on and a model writes the answers: the offline generator's are
     * never cached, so without {@code llm.base.url} it would only count misses.
     */
    public static AnswerCache answerCache(Settings settings, AnswerCacheStore store, MeterRegistry meters) {
        Optional<LlmSettings> llm = LlmSettings.from(settings);
        if (!settings.get(ANSWER_CACHE_ENABLED) || llm.isEmpty()) return AnswerCache.off();
        return new AnswerCache(
                store,
                new AnswerCacheMeters(meters),
                AnswerCacheKey.generatorFingerprint(
                        AnswerCache.FORMAT,
                        GeneratedSql.LLM,
                        llm.get().model(),
                        llm.get().baseUrl().toString()),
                settings.get(ANSWER_CACHE_MAX_ENTRIES),
                Duration.ofHours(settings.get(ANSWER_CACHE_TTL_HOURS)));
    }

    public static StatementLimits statementLimits(Settings settings) {
        return new StatementLimits(
                settings.get(SQL_MAX_LENGTH), settings.get(SQL_MAX_DEPTH), settings.get(SQL_MAX_OPERATOR_CHAIN));
    }

    public static StructuralBudget structuralBudget(Settings settings) {
        return new StructuralBudget(
                settings.get(SQL_MAX_CTES),
                settings.get(SQL_MAX_QUERY_DEPTH),
                settings.get(SQL_MAX_RELATIONS),
                settings.get(SQL_MAX_SET_OPERATIONS),
                settings.get(SQL_MAX_PLAN_SIZE));
    }

    public static List<Setting<?>> declared() {
        List<Setting<?>> all = new ArrayList<>(List.of(
                MAX_ATTEMPTS,
                RECORD_DEADLINE_MS,
                CONCURRENCY,
                LLM_MAX_IN_FLIGHT,
                PUNCTUATE_INTERVAL_MS,
                EXAMPLE_THRESHOLD,
                ANSWER_CACHE_ENABLED,
                ANSWER_CACHE_MAX_ENTRIES,
                ANSWER_CACHE_TTL_HOURS,
                SQL_MAX_LENGTH,
                SQL_MAX_DEPTH,
                SQL_MAX_OPERATOR_CHAIN,
                SQL_MAX_CTES,
                SQL_MAX_QUERY_DEPTH,
                SQL_MAX_RELATIONS,
                SQL_MAX_SET_OPERATIONS,
                SQL_MAX_PLAN_SIZE));
        all.addAll(LlmSettings.declared());
        all.addAll(TargetLimitSettings.declared());
        return all;
    }

    /** The configured offline answer threshold, or when none is the one calibrated for the examples' model. */
    public static double exampleThreshold(Settings settings, String examplesModelId) {
        return settings.isSet(EXAMPLE_THRESHOLD)
                ? settings.get(EXAMPLE_THRESHOLD)
                : VerifiedExampleGenerator.calibratedThreshold(examplesModelId);
    }
}
