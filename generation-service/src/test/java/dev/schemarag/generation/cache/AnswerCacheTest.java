package dev.schemarag.generation.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.generation.GeneratedSql;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnswerCacheTest {
    private static final GeneratedSql SQL =
            new GeneratedSql("SELECT last_name FROM hr.employees", "", 0.9, List.of(), List.of(), GeneratedSql.LLM);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final InMemoryAnswerCacheStore store = new InMemoryAnswerCacheStore(42);
    private final AnswerCache cache =
            new AnswerCache(store, new AnswerCacheMeters(registry), "llm:test", 2, Duration.ofDays(1));
    private final AnswerCacheKey key = cache.key("erp", Optional.of("reader"), "Last names?", null, "POSTGRESQL")
            .orElseThrow();

    private double lookups(AnswerCacheMeters.Result result) {
        return registry.get(AnswerCacheMeters.LOOKUPS)
                .tag("result", result.tag())
                .counter()
                .count();
    }

    private void remember(AnswerCacheKey under, String questionId) {
        cache.remember(
                under,
                "",
                CachedAnswer.of(questionId, "Last names?", SQL, List.of(), "42").orElseThrow());
    }

    @Test
    void aQuestionNeverAnsweredIsAMiss() {
        assertThat(cache.lookup(key)).isEmpty();
        assertThat(lookups(AnswerCacheMeters.Result.MISS)).isEqualTo(1);
    }

    @Test
    void anEntryWhoseTablesDidNotChangeIsFound() {
        remember(key, "q1");
        store.change("sales", "orders");

        assertThat(cache.lookup(key)).map(CachedAnswer::questionId).contains("q1");
        cache.served(Duration.ofMillis(1));
        assertThat(lookups(AnswerCacheMeters.Result.HIT)).isEqualTo(1);
        assertThat(registry.get(AnswerCacheMeters.HIT_TIME).timer().count()).isEqualTo(1);
    }

    @Test
    void anEntryWhoseTableChangedIsDroppedAndCountedAsInvalidated() {
        remember(key, "q1");
        store.change("hr", "employees");

        assertThat(cache.lookup(key)).isEmpty();
        assertThat(store.entries).isEmpty();
        assertThat(lookups(AnswerCacheMeters.Result.INVALIDATED)).isEqualTo(1);
    }

    @Test
    void anEntryThatFailedValidationAgainIsDropped() {
        remember(key, "q1");

        cache.rejected(key, "sql_error: 42501 permission denied");

        assertThat(store.entries).isEmpty();
        assertThat(lookups(AnswerCacheMeters.Result.REJECTED)).isEqualTo(1);
    }

    @Test
    void theOldestEntriesGoBeyondTheBound() {
        for (String question : List.of("a", "b", "c"))
            remember(
                    cache.key("erp", Optional.of("reader"), question, null, "POSTGRESQL")
                            .orElseThrow(),
                    question);

        assertThat(store.entries.values()).extracting(CachedAnswer::questionId).containsExactly("b", "c");
    }

    @Test
    void aStoreThatCannotBeReadOrWrittenFailsNoQuestion() {
        store.failing = true;

        remember(key, "q1");

        assertThat(cache.lookup(key)).isEmpty();
        assertThat(lookups(AnswerCacheMeters.Result.MISS)).isEqualTo(1);
    }

    @Test
    void withoutAKnownRoleOrWhenOffThereIsNoKey() {
        assertThat(cache.key("erp", Optional.empty(), "Last names?", null, "POSTGRESQL"))
                .isEmpty();
        assertThat(AnswerCache.off().key("erp", Optional.of("reader"), "Last names?", null, "POSTGRESQL"))
                .isEmpty();
    }
}
