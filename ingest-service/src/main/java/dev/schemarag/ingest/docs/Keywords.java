package dev.schemarag.ingest.docs;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The informative words of a chunk, for lexical matching and display: words and identifiers of three or more
 * characters that are not English or SQL stop words, ordered by frequency and then by first appearance, so the
 * result is deterministic. Identifiers such as {@code hire_date} stay whole.
 */
final class Keywords {
    static final int DEFAULT_LIMIT = 12;

    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> STOP_WORDS = Set.of(
            // English
            "the",
            "and",
            "for",
            "are",
            "but",
            "not",
            "you",
            "all",
            "any",
            "can",
            "her",
            "was",
            "one",
            "our",
            "out",
            "has",
            "have",
            "had",
            "his",
            "its",
            "who",
            "how",
            "why",
            "what",
            "when",
            "where",
            "which",
            "while",
            "this",
            "that",
            "these",
            "those",
            "there",
            "their",
            "them",
            "they",
            "then",
            "than",
            "with",
            "without",
            "from",
            "into",
            "onto",
            "over",
            "under",
            "each",
            "every",
            "per",
            "via",
            "also",
            "only",
            "such",
            "some",
            "more",
            "most",
            "other",
            "same",
            "been",
            "being",
            "were",
            "will",
            "would",
            "should",
            "could",
            "may",
            "might",
            "must",
            "does",
            "did",
            "doing",
            "use",
            "used",
            "uses",
            "using",
            "about",
            "after",
            "before",
            "between",
            "both",
            "either",
            "neither",
            "here",
            "just",
            "like",
            "many",
            "much",
            "very",
            "well",
            "yes",
            "whether",
            "within",
            "because",
            "own",
            "get",
            "gets",
            "given",
            "e_g",
            "i_e",
            "etc",
            // SQL
            "select",
            "group",
            "order",
            "having",
            "limit",
            "offset",
            "join",
            "left",
            "right",
            "inner",
            "outer",
            "full",
            "cross",
            "asc",
            "desc",
            "distinct",
            "count",
            "sum",
            "avg",
            "min",
            "max",
            "case",
            "else",
            "end",
            "null",
            "ilike",
            "exists",
            "union",
            "current_date",
            "interval",
            "coalesce",
            "true",
            "false",
            "cast",
            "now",
            "date_trunc",
            "extract",
            "sql",
            "text",
            "bigint",
            "integer",
            "smallint",
            "varchar",
            "numeric",
            "boolean",
            "timestamp",
            "timestamptz",
            // doc labels
            "table",
            "column",
            "columns",
            "purpose",
            "business",
            "context",
            "type",
            "description",
            "domain",
            "nullable",
            "notes",
            "note",
            "query",
            "pattern",
            "returns",
            "relationships",
            "examples",
            "example");

    private Keywords() {}

    static List<String> top(String text, int limit) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            String word = m.group().toLowerCase(Locale.ROOT);
            if (word.length() >= 3
                    && !STOP_WORDS.contains(word)
                    && !word.replace("_", "").isEmpty()) counts.merge(word, 1, Integer::sum);
        }
        // The map keeps first-appearance order and the sort is stable, so ties stay in reading order.
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .limit(limit)
                .map(Map.Entry::getKey)
                .toList();
    }
}
