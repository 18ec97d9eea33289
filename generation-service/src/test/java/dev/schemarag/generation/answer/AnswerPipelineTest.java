package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AnswerPipelineTest {
    private static final ContextRetrieved EVENT = Events.context(
            "q1",
            "erp",
            "Last names of employees",
            "CREATE TABLE hr.employees (employee_id bigint, last_name text, first_name text);",
            "hr.employees");

    /** The record deadline's clock: the fakes move it by the time their work takes. */
    private final AtomicLong nanos = new AtomicLong();

    /** Generator fake: answers the scripted outcomes in order and records what it was asked. */
    private final class ScriptedGenerator implements SqlGenerator {
        final Deque<GenerationOutcome> outcomes = new ArrayDeque<>();
        final List<GenerationRequest> requests = new ArrayList<>();
        Duration takes = Duration.ZERO;

        ScriptedGenerator taking(Duration each) {
            takes = each;
            return this;
        }

        ScriptedGenerator answering(String... sqls) {
            for (String sql : sqls)
                outcomes.add(GenerationOutcome.generated(new GeneratedSql(sql, "", 0.9, List.of(), List.of(), "llm")));
            return this;
        }

        @Override
        public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
            requests.add(request);
            nanos.addAndGet(takes.toNanos());
            return outcomes.isEmpty() ? GenerationOutcome.unavailable("script exhausted") : outcomes.poll();
        }
    }

    /** Database fake: rejects SQL containing a key with the mapped SQLSTATE and message, plans anything else. */
    private class ScriptedDatabase implements TargetDatabases {
        final Map<String, ExplainResult.Rejected> rejections;
        final List<String> explained = new ArrayList<>();
        final List<Duration> explainedWithin = new ArrayList<>();
        Duration takes = Duration.ZERO;
        boolean executes;
        Set<String> unmapped = Set.of();
        SqlDialect dialect = SqlDialect.POSTGRESQL;

        ScriptedDatabase(Map<String, ExplainResult.Rejected> rejections) {
            this.rejections = rejections;
        }

        @Override
        public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
            explained.add(sql);
            explainedWithin.add(atMost);
            nanos.addAndGet(takes.toNanos());
            return rejections.entrySet().stream()
                    .filter(e -> sql.contains(e.getKey()))
                    .<ExplainResult>map(Map.Entry::getValue)
                    .findFirst()
                    .orElse(new ExplainResult.Planned("Seq Scan on employees"));
        }

        @Override
        public boolean admits(String databaseId, Asker asker) {
            return asker.principal().filter(unmapped::contains).isEmpty();
        }

        @Override
        public boolean executes(String databaseId) {
            return executes;
        }

        @Override
        public SqlDialect dialect(String databaseId) {
            return dialect;
        }

        @Override
        public SchemaColumns columns(String databaseId, List<String> tables) {
            return SchemaColumns.of(Map.of("hr.employees", List.of("employee_id", "last_name", "first_name")));
        }
    }

    private final List<String> remembered = new ArrayList<>();

    private PipelineResult run(ScriptedGenerator generator, ScriptedDatabase database) {
        return run(generator, database, EVENT);
    }

    private PipelineResult run(ScriptedGenerator generator, ScriptedDatabase database, ContextRetrieved event) {
        return new AnswerPipeline(
                        generator,
                        database,
                        (id, db, question, sql, vector) -> remembered.add(sql),
                        3,
                        StatementLimits.DEFAULT,
                        StructuralBudget.DEFAULT,
                        Duration.ofSeconds(60),
                        nanos::get)
                .answer(event);
    }

    @Test
    void anUnmappedPrincipalIsRefusedAsAccessDeniedWithoutAskingTheGeneratorOrTheDatabase() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("SELECT last_name FROM hr.employees");
        ScriptedDatabase database = new ScriptedDatabase(Map.of());
        database.unmapped = Set.of("mallory");
        ContextRetrieved asked = ContextRetrieved.newBuilder(EVENT).build();
        asked.getQuestion().setPrincipal("mallory");

        PipelineFailure failure = failureOf(run(generator, database, asked));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.ACCESS_DENIED);
        assertThat(failure.message()).contains("principal 'mallory' is not mapped to a role on database");
        assertThat(generator.requests).isEmpty();
        assertThat(database.explained).isEmpty();
        assertThat(answerOf(run(generator, database))).isNotNull(); // no principal: answered as before
    }

    private static AnswerValidated answerOf(PipelineResult result) {
        assertThat(result).isInstanceOf(PipelineResult.Answered.class);
        return ((PipelineResult.Answered) result).answer();
    }

    private static PipelineFailure failureOf(PipelineResult result) {
        assertThat(result).isInstanceOf(PipelineResult.Failed.class);
        return ((PipelineResult.Failed) result).failure();
    }

    @Test
    void theGeneratorIsAskedForTheDatabasesDialectAndItsGuardReadsTheAnswer() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering("SELECT e.last_name FROM hr.employees e WHERE e.last_name = 'a' || 'b'");
        ScriptedDatabase maria = new ScriptedDatabase(Map.of());
        maria.dialect = SqlDialect.MARIADB;

        PipelineResult result = run(generator, maria);

        assertThat(generator.requests).extracting(GenerationRequest::dialect).containsOnly(SqlDialect.MARIADB);
        // The MySQL guard refuses || (OR or concatenation, by sql_mode), which PostgreSQL's reads as concatenation.
        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(failureOf(result).message()).contains("||");
        assertThat(maria.explained).isEmpty();
    }

    @Test
    void validFirstCandidateBecomesAnAnswerAndAVerifiedExample() {
        PipelineResult result = run(
                new ScriptedGenerator().answering("SELECT e.last_name FROM hr.employees e"),
                new ScriptedDatabase(Map.of()));

        AnswerValidated answer = answerOf(result);
        assertThat(answer.getSql()).isEqualTo("SELECT e.last_name FROM hr.employees e");
        assertThat(answer.getAttempts()).isEqualTo(1);
        assertThat(answer.getCorrelationId()).isEqualTo("corr-q1");
        assertThat(result.candidates()).extracting(SqlGenerated::getAttempt).containsExactly(1);
        // Stage timing for consumers: generated first, validated after.
        assertThat(result.candidates().get(0).getGeneratedAt()).isNotNull().isBeforeOrEqualTo(answer.getTimestamp());
        assertThat(remembered).containsExactly("SELECT e.last_name FROM hr.employees e");
    }

    @Test
    void anAnswerIsExecutedWithItsContextOnlyWhereTheDatabaseExecutesAndTheQuestionWantsRows() {
        ScriptedDatabase executing = new ScriptedDatabase(Map.of());
        executing.executes = true;
        ContextRetrieved sqlOnly = ContextRetrieved.newBuilder(EVENT)
                .setQuestion(QuestionAsked.newBuilder(EVENT.getQuestion())
                        .setSqlOnly(true)
                        .build())
                .build();

        AnswerValidated executed =
                answerOf(run(new ScriptedGenerator().answering("SELECT e.last_name FROM hr.employees e"), executing));
        AnswerValidated notAsked = answerOf(
                run(new ScriptedGenerator().answering("SELECT e.last_name FROM hr.employees e"), executing, sqlOnly));
        AnswerValidated notRegistered = answerOf(run(
                new ScriptedGenerator().answering("SELECT e.last_name FROM hr.employees e"),
                new ScriptedDatabase(Map.of())));

        assertThat(executed.getExecute()).isTrue();
        assertThat(executed.getContext()).isEqualTo(EVENT);
        assertThat(notAsked.getExecute()).isFalse();
        assertThat(notAsked.getContext()).isNull();
        assertThat(notRegistered.getExecute()).isFalse();
        assertThat(notRegistered.getContext()).isNull();
    }

    @Test
    void deleteIsBlockedWithoutReachingTheDatabaseOrTheGeneratorAgain() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("DELETE FROM hr.employees");
        ScriptedDatabase database = new ScriptedDatabase(Map.of());

        PipelineResult result = run(generator, database);

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(database.explained).isEmpty();
        assertThat(generator.requests).hasSize(1);
    }

    @Test
    void deeplyNestedSqlIsATooComplexValidationBlockInsteadOfAStackOverflow() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("SELECT " + "1+".repeat(5000) + "1");
        ScriptedDatabase database = new ScriptedDatabase(Map.of());

        PipelineResult result = run(generator, database);

        PipelineFailure failure = failureOf(result);
        assertThat(failure.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(failure.message()).startsWith("statement too complex");
        assertThat(database.explained).isEmpty();
    }

    @Test
    void explainRefusedByTheAdapterFailsWithTheAdaptersClassAndIsNotRetried() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(Map.of()) {
            @Override
            public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
                explained.add(sql);
                return new ExplainResult.Refused(ErrorClass.INFRA_FAILURE, "standard_conforming_strings is off");
            }
        };

        PipelineResult result = run(generator, database);

        assertThat(failureOf(result))
                .isEqualTo(
                        new PipelineFailure(ErrorClass.INFRA_FAILURE, null, "standard_conforming_strings is off", 1));
        assertThat(generator.requests).hasSize(1);
    }

    @Test
    void noGeneratedSqlIsGenerationUnavailableWithZeroAttempts() {
        PipelineResult result = run(new ScriptedGenerator(), new ScriptedDatabase(Map.of()));

        assertThat(failureOf(result))
                .isEqualTo(new PipelineFailure(ErrorClass.GENERATION_UNAVAILABLE, null, "script exhausted", 0));
        assertThat(result.candidates()).isEmpty();
    }

    @Test
    void clearlyMisspeltColumnIsAutocorrectedWithoutAskingTheGenerator() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("SELECT e.lastt_name FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(
                Map.of("lastt_name", new ExplainResult.Rejected("42703", "ERROR: column e.lastt_name does not exist")));

        PipelineResult result = run(generator, database);

        assertThat(answerOf(result).getSql()).isEqualTo("SELECT e.last_name FROM hr.employees e");
        assertThat(answerOf(result).getAttempts()).isEqualTo(2);
        assertThat(generator.requests).hasSize(1);
    }

    @Test
    void unclearColumnGoesBackToTheGeneratorWithTheCandidates() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering("SELECT e.surname FROM hr.employees e", "SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(
                Map.of("surname", new ExplainResult.Rejected("42703", "ERROR: column e.surname does not exist")));

        PipelineResult result = run(generator, database);

        assertThat(answerOf(result).getAttempts()).isEqualTo(2);
        GenerationRequest.Repair repair = generator.requests.get(1).repair().orElseThrow();
        assertThat(repair.previousSql()).isEqualTo("SELECT e.surname FROM hr.employees e");
        assertThat(repair.instruction()).contains("last_name", "first_name");
    }

    @Test
    void timeoutIsRetriedWithTheInstructionToSimplify() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering(
                        "SELECT 1 FROM hr.employees a CROSS JOIN hr.employees b",
                        "SELECT count(*) FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(Map.of(
                "CROSS JOIN",
                new ExplainResult.Rejected("57014", "ERROR: canceling statement due to statement timeout")));

        PipelineResult result = run(generator, database);

        assertThat(result).isInstanceOf(PipelineResult.Answered.class);
        assertThat(generator.requests.get(1).repair().orElseThrow().instruction())
                .contains("simpler");
    }

    @Test
    void unreachableDatabaseIsInfraFailureAfterOneAttempt() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database =
                new ScriptedDatabase(Map.of("", new ExplainResult.Rejected("08001", "Connection refused")));

        PipelineResult result = run(generator, database);

        assertThat(failureOf(result))
                .isEqualTo(new PipelineFailure(ErrorClass.INFRA_FAILURE, "08001", "Connection refused", 1));
        assertThat(generator.requests).hasSize(1);
    }

    @Test
    void repairsStopAtMaxAttemptsWithTheLastError() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering(
                        "SELECT x.a FROM nowhere x",
                        "SELECT x.b FROM nowhere x",
                        "SELECT x.c FROM nowhere x",
                        "SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(
                Map.of("nowhere", new ExplainResult.Rejected("42P01", "ERROR: relation \"nowhere\" does not exist")));

        PipelineResult result = run(generator, database);

        assertThat(failureOf(result).errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
        assertThat(failureOf(result).attempts()).isEqualTo(3);
        assertThat(result.candidates()).hasSize(3);
    }

    @Test
    void lintErrorSkipsExplainAndIsRepaired() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering("SELECT e.last_name, FROM hr.employees e", "SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(Map.of());

        PipelineResult result = run(generator, database);

        assertThat(answerOf(result).getAttempts()).isEqualTo(2);
        assertThat(database.explained).containsExactly("SELECT e.last_name FROM hr.employees e");
        assertThat(generator.requests.get(1).repair().orElseThrow().error()).contains("trailing_comma_select");
    }

    @Test
    void eachExplainGetsWhatIsLeftOfTheRecordDeadline() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering("SELECT e.lastt_name FROM hr.employees e", "SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database =
                new ScriptedDatabase(Map.of("lastt_name", new ExplainResult.Rejected("42601", "ERROR: syntax error")));
        generator.taking(Duration.ofSeconds(20));

        answerOf(run(generator, database));

        assertThat(database.explainedWithin).containsExactly(Duration.ofSeconds(40), Duration.ofSeconds(20));
    }

    @Test
    void aGeneratorOutOfTimeIsAnInfraFailureWithoutACandidate() {
        ScriptedGenerator generator = new ScriptedGenerator();
        generator.outcomes.add(GenerationOutcome.outOfTime("the record deadline of 60000 ms passed: LLM timed out"));

        PipelineResult result = run(generator, new ScriptedDatabase(Map.of()));

        PipelineFailure failure = failureOf(result);
        assertThat(failure.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(failure.attempts()).isZero();
        assertThat(failure.message()).startsWith("the record deadline of 60000 ms passed");
        assertThat(result.candidates()).isEmpty();
    }

    @Test
    void aRepairableFailureFoundPastTheDeadlineIsAnInfraFailureAndNotRepaired() {
        ScriptedGenerator generator = new ScriptedGenerator()
                .answering("SELECT e.lastt_name FROM hr.employees e", "SELECT e.last_name FROM hr.employees e");
        ScriptedDatabase database = new ScriptedDatabase(Map.of(
                "lastt_name",
                new ExplainResult.Rejected("57014", "ERROR: canceling statement due to statement timeout")));
        database.takes = Duration.ofSeconds(61);

        PipelineFailure failure = failureOf(run(generator, database));

        assertThat(failure.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(failure.sqlState()).isEqualTo("57014");
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(failure.message())
                .isEqualTo("the record deadline of 60000 ms passed after attempt 1 (query_timeout: ERROR: canceling"
                        + " statement due to statement timeout)");
        assertThat(generator.requests).hasSize(1);
    }

    @Test
    void aVerdictThatIsNoRetryKeepsItsClassEvenPastTheDeadline() {
        ScriptedGenerator generator =
                new ScriptedGenerator().answering("DELETE FROM hr.employees").taking(Duration.ofSeconds(90));

        assertThat(failureOf(run(generator, new ScriptedDatabase(Map.of()))).errorClass())
                .isEqualTo(ErrorClass.VALIDATION_BLOCK);
    }

    @Test
    void aRepairOutOfTimeIsAnInfraFailureAfterTheAttemptsMade() {
        ScriptedGenerator generator = new ScriptedGenerator().answering("SELECT e.lastt_name FROM hr.employees e");
        generator.outcomes.add(GenerationOutcome.outOfTime("the record deadline of 60000 ms passed: LLM timed out"));
        ScriptedDatabase database =
                new ScriptedDatabase(Map.of("lastt_name", new ExplainResult.Rejected("42601", "ERROR: syntax error")));

        PipelineResult result = run(generator, database);

        PipelineFailure failure = failureOf(result);
        assertThat(failure.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(failure.message()).endsWith("(repairing sql_error)");
        assertThat(result.candidates()).hasSize(1);
    }
}
