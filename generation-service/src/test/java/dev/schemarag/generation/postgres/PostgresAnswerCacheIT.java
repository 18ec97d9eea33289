package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.QuestionText;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.cache.AnswerCache;
import dev.schemarag.generation.cache.AnswerCacheKey;
import dev.schemarag.generation.cache.AnswerCacheMeters;
import dev.schemarag.generation.cache.CachedAnswer;
import dev.schemarag.retrieval.cache.CachedAnswerHit;
import dev.schemarag.retrieval.pgvector.PostgresAnswerCacheProbe;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The answer cache on the real store: its entries beside the catalog versions that ingest's writes bump (the triggers
 * of V4/V6), changed here the way ingest changes them, by writing a table's row of {@code schema_embeddings}; and
 * retrieval's probe of it before ranking ({@link PostgresAnswerCacheProbe}), which must never find an entry the lookup
 * would not serve as fresh.
 */
class PostgresAnswerCacheIT {
    private static final String STORE_DB = "generation_answer_cache_it";
    private static final String QUESTION = "Last names and departments?";
    private static final String PRINCIPAL = "alice";
    private static final String SQL =
            "SELECT e.last_name, d.name FROM hr.employees e JOIN departments d USING (department_id)";
    private static final String LINT_WARNING = "DUPLICATE_ALIAS: a lint warning the answer passed with";

    private static Database store;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private PostgresAnswerCache adapter;
    private final PostgresAnswerCacheProbe probe = new PostgresAnswerCacheProbe(store);
    private AnswerCache cache;
    private String databaseId;

    @BeforeAll
    static void openStore() {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(STORE_DB);
        String url = stack.postgres().jdbcUrl(STORE_DB);
        Flyway.configure()
                .dataSource(url, stack.postgres().user(), stack.postgres().password())
                .locations("filesystem:"
                        + Path.of("../core/src/main/resources/db/migration").toAbsolutePath())
                .load()
                .migrate();
        store = new Database(url, stack.postgres().user(), stack.postgres().password());
    }

    @AfterAll
    static void closeStore() {
        if (store != null) store.close();
    }

    @BeforeEach
    void syncADatabase() throws SQLException {
        databaseId = "cache-" + UUID.randomUUID();
        adapter = new PostgresAnswerCache(store);
        cache = new AnswerCache(adapter, new AnswerCacheMeters(registry), "llm:it", 100, Duration.ofDays(1));
        for (String table : List.of("hr.employees", "hr.departments", "hr.salaries")) change(table);
    }

    private AnswerCacheKey key(String role) {
        return cache.key(databaseId, Optional.of(role), QUESTION, null, "POSTGRESQL")
                .orElseThrow();
    }

    /** The answer to the question, validated on a context of the catalog as it is now. */
    private CachedAnswer validatedNow(String questionId) throws SQLException {
        return CachedAnswer.of(
                        questionId,
                        QUESTION,
                        new GeneratedSql(SQL, "", 0.9, List.of(), List.of(), GeneratedSql.LLM),
                        List.of(LINT_WARNING),
                        Long.toString(catalogVersion()))
                .orElseThrow();
    }

    private double lookups(AnswerCacheMeters.Result result) {
        return registry.get(AnswerCacheMeters.LOOKUPS)
                .tag("result", result.tag())
                .counter()
                .count();
    }

    @Test
    void anAnswerIsServedAgainToItsRoleWhileItsTablesStayAsTheyWere() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));
        change("hr.salaries"); // a table it does not read

        assertThat(cache.lookup(key("hr_role"))).map(CachedAnswer::questionId).contains("q1");
        assertThat(cache.lookup(key("hr_role"))).map(CachedAnswer::sql).contains(SQL);
        assertThat(cache.lookup(key("hr_role"))).map(CachedAnswer::lintWarnings).contains(List.of(LINT_WARNING));
    }

    /** What the hit path spends in the store: one statement. Printed, not asserted: the machine is shared. */
    @Test
    void aLookupIsOneStatement() throws Exception {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));
        double[] micros = new double[300];
        for (int i = 0; i < micros.length; i++) {
            long start = System.nanoTime();
            assertThat(adapter.find(key("hr_role"), Duration.ofDays(1))).isPresent();
            micros[i] = (System.nanoTime() - start) / 1000.0;
        }
        java.util.Arrays.sort(micros);
        System.out.printf(
                "answer cache lookup on the store: p50 %.0f µs, p99 %.0f µs%n",
                micros[micros.length / 2], micros[micros.length * 99 / 100]);
    }

    /** Retrieval's probe, as its principal asks the same question again (in other words): the entry's question id. */
    private Optional<String> probed(String principal, String question) {
        return probe.freshEntry(databaseId, principal, QuestionText.hash(question, null))
                .map(CachedAnswerHit::questionId);
    }

    @Test
    void retrievalsProbeReadsTheWholeEntryWithItsKeySoGenerationCanServeItAsRead() throws SQLException {
        Instant before = Instant.now().minusSeconds(1);
        CachedAnswer stored = validatedNow("q1");
        cache.remember(key("hr_role"), PRINCIPAL, stored);

        CachedAnswerHit.Entry entry = probe.freshEntry(databaseId, PRINCIPAL, QuestionText.hash(QUESTION, null))
                .orElseThrow()
                .entry();

        assertThat(new AnswerCacheKey(databaseId, entry.roleName(), entry.questionHash(), entry.settingsHash()))
                .isEqualTo(key("hr_role"));
        assertThat(new CachedAnswer(
                        "q1",
                        entry.question(),
                        entry.sql(),
                        entry.explanation(),
                        entry.confidence(),
                        entry.tablesUsed(),
                        entry.assumptions(),
                        entry.readsTables(),
                        entry.lintWarnings(),
                        entry.catalogVersion()))
                .isEqualTo(stored);
        assertThat(entry.storedAt()).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(cache.carried(key("hr_role"), key("hr_role"), entry.storedAt(), stored, Instant.now()))
                .contains(stored);
    }

    @Test
    void retrievalsProbeFindsAFreshEntryOfTheSameDatabasePrincipalAndQuestionOnly() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));
        change("hr.salaries"); // a table it does not read

        assertThat(probed(PRINCIPAL, "  last NAMES and departments ")).contains("q1");
        assertThat(probed("bob", QUESTION)).isEmpty();
        assertThat(probed("", QUESTION)).isEmpty();
        assertThat(probed(PRINCIPAL, "Last names and salaries?")).isEmpty();
        assertThat(probe.freshEntry("another-" + databaseId, PRINCIPAL, QuestionText.hash(QUESTION, null)))
                .isEmpty();
    }

    @Test
    void retrievalsProbeMissesOnceATableTheEntryReadsChanged() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));
        change("public.departments"); // a new table under a bare name the SQL reads

        assertThat(probed(PRINCIPAL, QUESTION)).isEmpty();
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q2"));
        assertThat(probed(PRINCIPAL, QUESTION)).contains("q2");
        drop("hr.employees");
        assertThat(probed(PRINCIPAL, QUESTION)).isEmpty();
    }

    @Test
    void anotherRoleNeverGetsIt() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));

        assertThat(cache.lookup(key("sales_role"))).isEmpty();
        assertThat(lookups(AnswerCacheMeters.Result.MISS)).isEqualTo(1);
    }

    @Test
    void aChangeOfATableItReadsEndsIt() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));

        change("hr.employees"); // e.g. ALTER TABLE employees RENAME COLUMN first_name TO given_name, re-embedded

        assertThat(cache.lookup(key("hr_role"))).isEmpty();
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isEqualTo(1);
        assertThat(entries()).isZero();
    }

    @Test
    void aDroppedTableEndsIt() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));

        drop("hr.employees");

        assertThat(cache.lookup(key("hr_role"))).isEmpty();
    }

    @Test
    void aNewTableUnderABareNameItReadsEndsIt() throws SQLException {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));

        change("public.departments"); // "departments" may now resolve to this one on the search path

        assertThat(cache.lookup(key("hr_role"))).isEmpty();
    }

    @Test
    void anExpiredEntryIsNotServedAndTheBoundKeepsTheNewest() throws Exception {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));
        // A lookup within the millisecond it was stored still finds it fresh: it expires once that has passed.
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> adapter.find(key("hr_role"), Duration.ofMillis(1))
                .isEmpty());

        for (int i = 0; i < 5; i++)
            adapter.put(
                    cache.key(databaseId, Optional.of("hr_role"), "question " + i, null, "POSTGRESQL")
                            .orElseThrow(),
                    PRINCIPAL,
                    validatedNow("q" + i));
        assertThat(adapter.prune(databaseId, 2, Duration.ofDays(1))).isEqualTo(4);
        assertThat(entries()).isEqualTo(2);
        assertThat(adapter.prune(databaseId, 2, Duration.ZERO)).isEqualTo(2);
    }

    @Test
    void aRejectedAnswerIsDroppedWithEveryEntryHoldingItsSql() throws Exception {
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q1"));
        cache.remember(key("sales_role"), PRINCIPAL, validatedNow("q2"));
        candidate("q2", SQL);

        assertThat(adapter.forgetRejected("q2")).isEqualTo(2);
        assertThat(entries()).isZero();
    }

    /**
     * The target: no stale hit across a burst of 100 changes, asked while it changes. The changes are
     * committed one after another on one thread; another asks all the while and, on a miss, caches the answer again on
     * the catalog version it reads (as a question answered by the model would be). Every hit is checked against the
     * last change committed before its lookup began.
     */
    @Test
    void noLookupServesAnEntryWhoseTableChangedBeforeItAcrossABurstOf100Changes() throws Exception {
        AtomicLong lastChange = new AtomicLong(catalogVersion());
        AtomicInteger lookups = new AtomicInteger();
        // The writer waits for at least one lookup after each of its changes: every change is asked across.
        CompletableFuture<Void> burst = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    int seen = lookups.get();
                    long patience = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (lookups.get() == seen && System.nanoTime() < patience) Thread.onSpinWait();
                    lastChange.set(change("hr.employees"));
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        int fresh = 0;
        int probedStale = 0;
        while (!burst.isDone()) {
            long changedBefore = lastChange.get();
            // What retrieval's probe finds must be fresh as well: the lookup after it is the judge.
            Optional<String> probedHit = probed(PRINCIPAL, QUESTION);
            // Only this thread writes entries, so the one probed is still there to be read.
            if (probedHit.isPresent() && versionOf(probedHit.get()) < changedBefore) probedStale++;
            Optional<CachedAnswer> hit = cache.lookup(key("hr_role"));
            if (hit.isPresent()) {
                fresh++;
                assertThat(hit.get().catalogVersion())
                        .as("a hit validated before a change of its table committed")
                        .isGreaterThanOrEqualTo(changedBefore);
            } else cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q" + lookups.get()));
            lookups.incrementAndGet();
        }
        burst.join();

        assertThat(lookups.get()).isGreaterThanOrEqualTo(100);
        assertThat(probedStale)
                .as("probes finding an entry validated before a change")
                .isZero();
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isGreaterThan(0);
        System.out.printf(
                "answer cache burst: %d lookups and probes across 100 changes, %d fresh, %.0f invalidated, none stale%n",
                lookups.get(), fresh, lookups(AnswerCacheMeters.Result.INVALIDATED));
        // After the burst the entry is fresh again, and served.
        cache.remember(key("hr_role"), PRINCIPAL, validatedNow("last"));
        assertThat(cache.lookup(key("hr_role"))).map(CachedAnswer::questionId).contains("last");
    }

    /** The same target, interleaved step by step: after each change the entry is gone, and once re-cached it hits. */
    @Test
    void eachOf100ChangesEndsTheEntryAndTheNextAnswerIsServedUntilTheNextChange() throws SQLException {
        for (int i = 0; i < 100; i++) {
            cache.remember(key("hr_role"), PRINCIPAL, validatedNow("q" + i));
            assertThat(cache.lookup(key("hr_role")))
                    .map(CachedAnswer::questionId)
                    .contains("q" + i);
            change(i % 2 == 0 ? "hr.employees" : "hr.departments");
            assertThat(cache.lookup(key("hr_role"))).as("after change %d", i).isEmpty();
        }
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isEqualTo(100);
    }

    /** Writes {@code schema.table}'s table row as ingest does on a change; returns the catalog version after it. */
    private long change(String table) throws SQLException {
        String[] name = table.split("\\.");
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO schema_embeddings (database_id, entity_type, schema_name, table_name, stable_text, text_hash,
                    embedding)
                VALUES (?, 'table', ?, ?, ?, md5(random()::text), array_fill(0.1, ARRAY[384])::vector)
                ON CONFLICT ON CONSTRAINT schema_embeddings_entity DO UPDATE SET text_hash = excluded.text_hash""")) {
            ps.setString(1, databaseId);
            ps.setString(2, name[0]);
            ps.setString(3, name[1]);
            ps.setString(4, "table " + table);
            ps.executeUpdate();
        }
        return catalogVersion();
    }

    private void drop(String table) throws SQLException {
        String[] name = table.split("\\.");
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "DELETE FROM schema_embeddings WHERE database_id = ? AND schema_name = ? AND table_name = ?")) {
            ps.setString(1, databaseId);
            ps.setString(2, name[0]);
            ps.setString(3, name[1]);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    private void candidate(String questionId, String sql) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (question_id, database_id, question, question_hash, sql, source, status,
                    embedding, model_id)
                VALUES (?, ?, 'q', md5(?), ?, 'validated', 'candidate', array_fill(0.1, ARRAY[384])::vector, 'm')""")) {
            ps.setString(1, questionId);
            ps.setString(2, databaseId);
            ps.setString(3, questionId);
            ps.setString(4, sql);
            ps.executeUpdate();
        }
    }

    private long catalogVersion() throws SQLException {
        return single("SELECT version FROM catalog_versions WHERE database_id = ?");
    }

    private long versionOf(String questionId) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT catalog_version FROM answer_cache WHERE database_id = ? AND question_id = ?")) {
            ps.setString(1, databaseId);
            ps.setString(2, questionId);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("entry %s", questionId).isTrue();
                return rs.getLong(1);
            }
        }
    }

    private long entries() throws SQLException {
        return single("SELECT count(*) FROM answer_cache WHERE database_id = ?");
    }

    private long single(String sql) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getLong(1);
            }
        }
    }
}
