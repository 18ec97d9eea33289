package dev.schemarag.generation.cache;

import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.examples.ExampleDependencies;
import java.util.List;
import java.util.Optional;

/**
 * A validated answer kept for its question: its SQL and what its generator said about it, the question id of the
 * answer it came from, the tables its SQL reads, the lint warnings it passed with and the catalog version of the
 * context it was written from.
 *
 * @param reads the tables its SQL reads, lower-case, {@code schema.table} or a bare {@code table} (as
 *     {@link ExampleDependencies#reads()})
 * @param catalogVersion the database's catalog version its context was built from: every later change of a table is
 *     a {@link TableChange} above it
 */
public record CachedAnswer(
        String questionId,
        String question,
        String sql,
        String explanation,
        double confidence,
        List<String> tablesUsed,
        List<String> assumptions,
        List<String> reads,
        List<String> lintWarnings,
        long catalogVersion) {
    /** The generator name of a candidate served from the cache, on the sql-generated topic. */
    public static final String GENERATOR = "answer_cache";

    public CachedAnswer {
        tablesUsed = List.copyOf(tablesUsed);
        assumptions = List.copyOf(assumptions);
        reads = List.copyOf(reads);
        lintWarnings = List.copyOf(lintWarnings);
    }

    /**
     * The entry for an answer, if it can be one: the SQL must parse (what it reads is known) and its context must
     * carry the catalog version it was built from.
     */
    public static Optional<CachedAnswer> of(
            String questionId, String question, GeneratedSql sql, List<String> lintWarnings, String catalogVersion) {
        Optional<Long> version = version(catalogVersion);
        Optional<List<String>> reads = ExampleDependencies.of(sql.sql()).reads().map(SqlReads::tables);
        if (version.isEmpty() || reads.isEmpty()) return Optional.empty();
        return Optional.of(new CachedAnswer(
                questionId,
                question,
                sql.sql(),
                sql.explanation(),
                sql.confidence(),
                sql.tablesUsed(),
                sql.assumptions(),
                reads.get(),
                lintWarnings,
                version.get()));
    }

    /**
     * The first of {@code changes} that makes this entry stale: a change after its catalog version of a table its SQL
     * reads, by qualified or bare name, case-insensitively (as {@link ExampleDependencies#touchedBy}); empty while
     * it is fresh. The store narrows the changes it reads to these names; this decides.
     */
    public Optional<TableChange> staleBy(List<TableChange> changes) {
        ExampleDependencies dependencies = new ExampleDependencies(reads, List.of(), true, true);
        return changes.stream()
                .filter(c -> c.version() > catalogVersion)
                .filter(c -> dependencies.touchedBy(c.schema(), c.table()))
                .findFirst();
    }

    /** The candidate it serves. */
    public GeneratedSql candidate() {
        return new GeneratedSql(sql, explanation, confidence, tablesUsed, assumptions, GENERATOR);
    }

    private static Optional<Long> version(String catalogVersion) {
        if (catalogVersion == null) return Optional.empty();
        try {
            return Optional.of(Long.parseLong(catalogVersion));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
