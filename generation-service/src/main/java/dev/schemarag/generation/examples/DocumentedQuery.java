package dev.schemarag.generation.examples;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A documented query pattern read back from a stored {@code query} doc chunk, whose text ingest writes as
 * {@code Query pattern on <table>: <name>}, optional {@code Label: value} lines, prose, then {@code SQL:} and the SQL.
 *
 * @param question the pattern's name, with its use case when the doc gives one: what a user would ask
 */
public record DocumentedQuery(String question, String sql) {
    private static final Pattern TITLE = Pattern.compile("(?m)^Query pattern on [^:]+:\\s*(.+)$");
    private static final Pattern USE_CASE = Pattern.compile("(?mi)^Use case:\\s*(.+)$");
    private static final Pattern SQL = Pattern.compile("(?s)(?:^|\\n)SQL:\\s*\\n(.+)$");

    /** The pattern in {@code chunkText}; empty when the chunk carries no SQL. */
    public static Optional<DocumentedQuery> fromChunk(String chunkText) {
        Matcher title = TITLE.matcher(chunkText);
        Matcher sql = SQL.matcher(chunkText);
        if (!title.find() || !sql.find() || sql.group(1).isBlank()) return Optional.empty();
        Matcher useCase = USE_CASE.matcher(chunkText);
        String question = title.group(1).strip()
                + (useCase.find() ? ": " + useCase.group(1).strip() : "");
        return Optional.of(new DocumentedQuery(question, sql.group(1).strip()));
    }
}
