package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.questions.AnswerCacheProbing;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.CachedAnswerEntry;
import dev.schemarag.events.CachedAnswerRef;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.SqlGenerator;
import dev.schemarag.generation.cache.AnswerCache;
import dev.schemarag.generation.cache.AnswerCacheKey;
import dev.schemarag.generation.cache.AnswerCacheMeters;
import dev.schemarag.generation.cache.CachedAnswer;
import dev.schemarag.generation.cache.InMemoryAnswerCacheStore;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The answer pipeline with the answer cache: what a repeated question is served, and what it never is. */
class AnswerPipelineCacheTest {
    private static final String SQL = "SELECT e.last_name FROM hr.employees e";

    /** Generator fake: writes {@link #sql} as {@link #generator}, counting its calls. */
    private static final class CountingGenerator implements SqlGenerator {
        String sql = SQL;
        String generator = GeneratedSql.LLM;
        int calls;

        @Override
        public GenerationOutcome generate(GenerationRequest request, Deadline deadline) {
            calls++;
            return GenerationOutcome.generated(new GeneratedSql(sql, "why", 0.9, List.of(), List.of(), generator));
        }
    }

    /** Database fake: plans anything but {@link #refused} SQL; principals map to roles by {@link #roles}. */
    private static final class Database implements TargetDatabases {
        final List<String> explainedAs = new ArrayList<>();
        Map<String, String> roles = Map.of("alice", "hr_role", "bob", "hr_role", "carol", "sales_role");
        String refused = "nothing";
        boolean executes;

        @Override
        public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
            explainedAs.add(asker.principal().orElse("-"));
            return sql.contains(refused)
                    ? new ExplainResult.Rejected("42501", "permission denied for table employees")
                    : new ExplainResult.Planned("Seq Scan");
        }

        @Override
        public boolean admits(String databaseId, Asker asker) {
            return true;
        }

        @Override
        public Optional<String> sessionRole(String databaseId, Asker asker) {
            return Optional.of(asker.principal().map(roles::get).orElse("reader"));
        }

        @Override
        public boolean executes(String databaseId) {
            return executes;
        }

        @Override
        public SchemaColumns columns(String databaseId, List<String> tables) {
            return SchemaColumns.of(Map.of("hr.employees", List.of("employee_id", "last_name")));
        }
    }

    private final CountingGenerator generator = new CountingGenerator();
    private final Database database = new Database();
    private final InMemoryAnswerCacheStore store = new InMemoryAnswerCacheStore(Long.parseLong(Events.CATALOG_VERSION));
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<String> validated = new ArrayList<>();
    private final List<String> reused = new ArrayList<>();
    private final AnswerPipeline pipeline = new AnswerPipeline(
            generator,
            database,
            new ValidatedAnswerSink() {
                @Override
                public void validated(
                        String questionId,
                        String databaseId,
                        String question,
                        String sql,
                        Optional<QuestionVector> questionVector) {
                    validated.add(questionId);
                }

                @Override
                public void reused(String questionId, String originQuestionId) {
                    reused.add(questionId + "<-" + originQuestionId);
                }
            },
            3,
            StatementLimits.DEFAULT,
            StructuralBudget.DEFAULT,
            Duration.ofSeconds(60),
            System::nanoTime,
            new AnswerCache(store, new AnswerCacheMeters(registry), "llm:test", 100, Duration.ofDays(1)));

    private static ContextRetrieved asked(String id, String question, String principal) {
        ContextRetrieved event =
                Events.context(id, "erp", question, "CREATE TABLE hr.employees (...);", "hr.employees");
        event.getQuestion().setPrincipal(principal);
        return event;
    }

    /** The context retrieval sends on when its probe found an entry: the question and the entry's reference only. */
    private static ContextRetrieved probedHit(String id, String question, String principal, String cachedFrom) {
        return ContextRetrieved.newBuilder()
                .setQuestion(asked(id, question, principal).getQuestion())
                .setContextPacket("")
                .setSelectedTables(List.of())
                .setJoinHints(List.of())
                .setDocChunks(List.of())
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy(AnswerCacheProbing.STRATEGY)
                        .build())
                .setCachedAnswer(
                        CachedAnswerRef.newBuilder().setQuestionId(cachedFrom).build())
                .build();
    }

    /** A probed hit carrying the entry as the probe read it from the store, stored {@code age} ago. */
    private ContextRetrieved probedHitWithEntry(String id, String question, String principal, Duration age) {
        Map.Entry<AnswerCacheKey, CachedAnswer> stored =
                store.entries.entrySet().iterator().next();
        CachedAnswer answer = stored.getValue();
        ContextRetrieved event = probedHit(id, question, principal, answer.questionId());
        event.getCachedAnswer()
                .setEntry(CachedAnswerEntry.newBuilder()
                        .setRoleName(stored.getKey().role())
                        .setQuestionHash(stored.getKey().questionHash())
                        .setSettingsHash(stored.getKey().settingsHash())
                        .setQuestion(answer.question())
                        .setSql(answer.sql())
                        .setExplanation(answer.explanation())
                        .setConfidence(answer.confidence())
                        .setTablesUsed(answer.tablesUsed())
                        .setAssumptions(answer.assumptions())
                        .setReadsTables(answer.reads())
                        .setLintWarnings(answer.lintWarnings())
                        .setCatalogVersion(answer.catalogVersion())
                        .setStoredAt(Instant.now().minus(age))
                        .build());
        return event;
    }

    /** The question a probed hit that could not be served goes back to retrieval as. */
    private QuestionAsked retrievedAgain(ContextRetrieved event) {
        PipelineResult result = pipeline.answer(event);
        assertThat(result).isInstanceOf(PipelineResult.RetrieveAgain.class);
        assertThat(result.candidates()).isEmpty();
        return ((PipelineResult.RetrieveAgain) result).question();
    }

    private AnswerValidated answer(String id, String question, String principal) {
        PipelineResult result = pipeline.answer(asked(id, question, principal));
        assertThat(result).isInstanceOf(PipelineResult.Answered.class);
        return ((PipelineResult.Answered) result).answer();
    }

    private double lookups(AnswerCacheMeters.Result result) {
        return registry.get(AnswerCacheMeters.LOOKUPS)
                .tag("result", result.tag())
                .counter()
                .count();
    }

    @Test
    void aRepeatedQuestionGetsTheValidatedSqlWithoutTheModelAndIsExplainedAgain() {
        AnswerValidated first = answer("q1", "Last names of employees?", "alice");

        PipelineResult again = pipeline.answer(asked("q2", "last names of  EMPLOYEES", "alice"));

        assertThat(first.getCachedFrom()).isNull();
        assertThat(generator.calls).isEqualTo(1);
        assertThat(again).isInstanceOfSatisfying(PipelineResult.Answered.class, a -> {
            assertThat(a.answer().getSql()).isEqualTo(SQL);
            assertThat(a.answer().getCachedFrom()).isEqualTo("q1");
            assertThat(a.answer().getQuestionId()).isEqualTo("q2");
            assertThat(a.answer().getExplanation()).isEqualTo("why");
            assertThat(a.candidates()).extracting(SqlGenerated::getGenerator).containsExactly(CachedAnswer.GENERATOR);
        });
        assertThat(database.explainedAs).containsExactly("alice", "alice");
        assertThat(validated).containsExactly("q1");
        assertThat(reused).containsExactly("q2<-q1");
        assertThat(lookups(AnswerCacheMeters.Result.HIT)).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.MISS)).isEqualTo(1);
    }

    @Test
    void aHitThatWillBeExecutedIsServedWithoutCheckingItAgainWithTheWarningsItPassedWith() {
        database.executes = true;
        generator.sql = "SELECT e.last_name AS n, e.employee_id AS n FROM hr.employees e";
        AnswerValidated first = answer("q1", "Last names of employees?", "alice");
        database.refused = "last_name"; // the execution stage's guard and role decide now

        AnswerValidated again = answer("q2", "Last names of employees?", "alice");

        assertThat(first.getLintWarnings()).isNotEmpty();
        assertThat(again.getCachedFrom()).isEqualTo("q1");
        assertThat(again.getExecute()).isTrue();
        assertThat(again.getLintWarnings()).isEqualTo(first.getLintWarnings());
        assertThat(database.explainedAs).containsExactly("alice");
        assertThat(generator.calls).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.HIT)).isEqualTo(1);
    }

    @Test
    void aSqlOnlyHitIsCheckedAgainAndKeepsItsWarnings() {
        database.executes = true;
        generator.sql = "SELECT e.last_name AS n, e.employee_id AS n FROM hr.employees e";
        AnswerValidated first = answer("q1", "Last names of employees?", "alice");
        ContextRetrieved sqlOnly = asked("q2", "Last names of employees?", "alice");
        sqlOnly.getQuestion().setSqlOnly(true);

        PipelineResult again = pipeline.answer(sqlOnly);

        assertThat(again).isInstanceOfSatisfying(PipelineResult.Answered.class, a -> {
            assertThat(a.answer().getCachedFrom()).isEqualTo("q1");
            assertThat(a.answer().getExecute()).isFalse();
            assertThat(a.answer().getLintWarnings()).isEqualTo(first.getLintWarnings());
        });
        assertThat(database.explainedAs).containsExactly("alice", "alice");
    }

    @Test
    void aHitRetrievalsProbeFoundIsServedWithoutTheModelNorCheckedAgainWhenItWillBeExecuted() {
        answer("q1", "Last names of employees?", "alice");
        database.executes = true;

        PipelineResult again = pipeline.answer(probedHit("q2", "last names of employees", "alice", "q1"));

        assertThat(again).isInstanceOfSatisfying(PipelineResult.Answered.class, a -> {
            assertThat(a.answer().getSql()).isEqualTo(SQL);
            assertThat(a.answer().getCachedFrom()).isEqualTo("q1");
            assertThat(a.answer().getQuestionId()).isEqualTo("q2");
            assertThat(a.answer().getRetrievalMetadata().getStrategy()).isEqualTo(AnswerCacheProbing.STRATEGY);
            // Executed once as it is: without a packet there is nothing to repair it with.
            assertThat(a.answer().getExecute()).isTrue();
            assertThat(a.answer().getContext()).isNull();
        });
        assertThat(generator.calls).isEqualTo(1);
        assertThat(database.explainedAs).containsExactly("alice");
        assertThat(reused).containsExactly("q2<-q1");
    }

    @Test
    void theEntryTheProbeCarriedIsServedWithoutReadingTheStoreAgain() {
        answer("q1", "Last names of employees?", "alice");
        database.executes = true;
        store.failing = true; // any read of the store would be a miss

        PipelineResult again =
                pipeline.answer(probedHitWithEntry("q2", "last names of employees", "bob", Duration.ofMinutes(5)));

        assertThat(again).isInstanceOfSatisfying(PipelineResult.Answered.class, a -> {
            assertThat(a.answer().getSql()).isEqualTo(SQL);
            assertThat(a.answer().getCachedFrom()).isEqualTo("q1");
            assertThat(a.answer().getExplanation()).isEqualTo("why");
            assertThat(a.answer().getExecute()).isTrue();
        });
        assertThat(generator.calls).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.HIT)).isEqualTo(1);
        assertThat(reused).containsExactly("q2<-q1");
    }

    @Test
    void aCarriedEntryOfAnotherRoleOrPastItsTimeToLiveIsLookedUpUnderTheQuestionsOwnKey() {
        answer("q1", "Last names of employees", "alice");

        // carol runs as sales_role: the hr_role entry is not hers, and the store holds none under her key.
        retrievedAgain(probedHitWithEntry("q2", "Last names of employees", "carol", Duration.ofMinutes(5)));
        // Past the time to live (one day here) the carried copy is not trusted: the store decides (it still holds it).
        store.change("hr", "employees");
        retrievedAgain(probedHitWithEntry("q3", "Last names of employees", "alice", Duration.ofDays(2)));

        assertThat(generator.calls).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.MISS)).isEqualTo(2); // q1's first lookup and carol's
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.HIT)).isZero();
        assertThat(reused).isEmpty();
    }

    @Test
    void aProbedHitWhoseTableChangedSinceGoesBackToRetrievalWithTheProbeOff() {
        answer("q1", "Last names of employees", "alice");
        store.change("hr", "employees"); // between retrieval's probe and generation's lookup

        QuestionAsked back = retrievedAgain(probedHit("q2", "Last names of employees", "alice", "q1"));

        assertThat(back.getId()).isEqualTo("q2");
        assertThat(back.getPrincipal()).isEqualTo("alice");
        assertThat(back.getRetrievalSettings()).containsEntry(AnswerCacheProbing.SETTING, "false");
        assertThat(generator.calls).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isEqualTo(1);
        assertThat(reused).isEmpty();
    }

    @Test
    void aProbedHitIsNeverServedToAnotherRoleNorWhenItsSqlNoLongerPasses() {
        answer("q1", "Last names of employees", "alice");

        retrievedAgain(probedHit("q2", "Last names of employees", "carol", "q1"));
        database.refused = "last_name";
        retrievedAgain(probedHit("q3", "Last names of employees", "bob", "q1"));

        assertThat(generator.calls).isEqualTo(1);
        assertThat(lookups(AnswerCacheMeters.Result.REJECTED)).isEqualTo(1);
        assertThat(reused).isEmpty();
    }

    @Test
    void anotherPrincipalOfTheSameRoleSharesTheEntryAnotherRoleDoesNot() {
        answer("q1", "Last names of employees", "alice");

        assertThat(answer("q2", "Last names of employees", "bob").getCachedFrom())
                .isEqualTo("q1");
        assertThat(answer("q3", "Last names of employees", "carol").getCachedFrom())
                .isNull();
        assertThat(answer("q4", "Last names of employees", null).getCachedFrom())
                .isNull();
        assertThat(generator.calls).isEqualTo(3);
    }

    @Test
    void aChangeOfATableTheSqlReadsSendsTheQuestionToTheModelAgain() {
        answer("q1", "Last names of employees", "alice");
        store.change("hr", "employees");

        AnswerValidated afterChange = answer("q2", "Last names of employees", "alice");

        assertThat(afterChange.getCachedFrom()).isNull();
        assertThat(generator.calls).isEqualTo(2);
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isEqualTo(1);
    }

    @Test
    void aCachedSqlTheRoleMayNoLongerRunIsNeverServedAndIsDropped() {
        answer("q1", "Last names of employees", "alice");
        database.refused = "last_name"; // a REVOKE the index has not seen yet
        generator.sql = "SELECT e.employee_id FROM hr.employees e";

        AnswerValidated again = answer("q2", "Last names of employees", "alice");

        assertThat(again.getSql()).isEqualTo("SELECT e.employee_id FROM hr.employees e");
        assertThat(again.getCachedFrom()).isNull();
        assertThat(lookups(AnswerCacheMeters.Result.REJECTED)).isEqualTo(1);
        assertThat(store.entries.values()).extracting(CachedAnswer::questionId).containsExactly("q2");
    }

    @Test
    void answersOfTheOfflineGeneratorAreNotCached() {
        generator.generator = "verified_example";

        answer("q1", "Last names of employees", "alice");

        assertThat(store.entries).isEmpty();
        assertThat(answer("q2", "Last names of employees", "alice").getCachedFrom())
                .isNull();
    }

    @Test
    void aFailedQuestionLeavesNothingInTheCache() {
        database.refused = "last_name";

        PipelineResult result = pipeline.answer(asked("q1", "Last names of employees", "alice"));

        assertThat(result).isInstanceOf(PipelineResult.Failed.class);
        assertThat(store.entries).isEmpty();
    }
}
