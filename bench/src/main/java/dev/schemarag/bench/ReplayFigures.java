package dev.schemarag.bench;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.DocChunkRef;
import dev.schemarag.generation.examples.ExampleDependencies;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Accounts for the answers of the questions asked while a column was renamed. An answer used a quarantined example
 * when its context (which an executed answer carries) held a quarantined example's doc chunk, or when its SQL is a
 * quarantined example's (the offline generator answers with an example's SQL). It used a stale cache entry when the
 * answer cache served it ({@code cachedFrom}) and its SQL reads the renamed column by its old name: SQL written for the
 * schema before the rename.
 */
final class ReplayFigures {
    /** The column the probe renamed, by its name before the rename. */
    record Renamed(String schema, String table, String column) {}

    /** What the store had quarantined once the rename was seen: the doc chunks' texts and the examples' SQL. */
    record Quarantined(Set<String> chunkTexts, Set<String> sql) {
        Quarantined {
            chunkTexts = Set.copyOf(chunkTexts);
            sql = sql.stream().map(ReplayFigures::normalised).collect(Collectors.toUnmodifiableSet());
        }
    }

    private ReplayFigures() {}

    /**
     * @param questions the questions asked, of which those made from an example reading the renamed column are counted
     * @param answers each question's answers (a repaired execution answers again), empty for one without any
     */
    static Map<String, Object> of(
            Renamed renamed,
            Quarantined quarantined,
            List<ReplayQuestions.Question> questions,
            List<List<AnswerValidated>> answers) {
        int answered = 0;
        int fromCache = 0;
        int usedQuarantined = 0;
        int usedStale = 0;
        for (List<AnswerValidated> question : answers) {
            if (!question.isEmpty()) answered++;
            if (question.stream().anyMatch(a -> a.getCachedFrom() != null)) fromCache++;
            if (question.stream().anyMatch(a -> usedQuarantined(a, quarantined))) usedQuarantined++;
            if (question.stream().anyMatch(a -> a.getCachedFrom() != null && readsRenamed(a.getSql(), renamed)))
                usedStale++;
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("asked", answers.size());
        figures.put(
                "asked_reading_column",
                questions.stream().filter(q -> readsRenamed(q.sql(), renamed)).count());
        figures.put("answered", answered);
        figures.put("from_cache", fromCache);
        figures.put("used_quarantined", usedQuarantined);
        figures.put("used_stale_cache", usedStale);
        return figures;
    }

    private static boolean usedQuarantined(AnswerValidated answer, Quarantined quarantined) {
        if (quarantined.sql().contains(normalised(answer.getSql()))) return true;
        ContextRetrieved context = answer.getContext();
        return context != null
                && context.getDocChunks().stream()
                        .map(DocChunkRef::getText)
                        .anyMatch(quarantined.chunkTexts()::contains);
    }

    private static boolean readsRenamed(String sql, Renamed renamed) {
        ExampleDependencies reads = ExampleDependencies.of(sql);
        // SQL that does not parse may read anything: it counts as reading the column.
        return !reads.parsed()
                || (reads.touchedBy(renamed.schema(), renamed.table())
                        && reads.columns().contains(renamed.column().toLowerCase(Locale.ROOT)));
    }

    /** White space collapsed, so that a re-indented copy of an example's SQL is still recognised. */
    private static String normalised(String sql) {
        return sql.strip().replaceAll("\\s+", " ");
    }
}
