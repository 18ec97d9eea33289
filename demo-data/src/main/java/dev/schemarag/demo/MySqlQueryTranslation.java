package dev.schemarag.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The demo's documented queries (the table docs' "Common Queries", which seed its verified examples) in MariaDB's and
 * MySQL's SQL: the PostgreSQL spellings they use rewritten by general rules — {@code a || b} to {@code CONCAT(a, b)},
 * {@code agg(x) FILTER (WHERE c)} to {@code agg(CASE WHEN c THEN x END)}, {@code date_trunc('month', d)} to the first
 * day by {@code DATE_FORMAT} and {@code NULLS FIRST|LAST} to an
 * {@code IS NULL} sort key. A query reading a relation the MySQL copy lacks (the demo's views) is left out.
 */
public final class MySqlQueryTranslation {
    /** A column reference or a string literal: what the demo concatenates. */
    private static final String OPERAND = "(?:[A-Za-z_][\\w.]*|'(?:[^']|'')*')";

    private static final Pattern CONCAT = Pattern.compile(OPERAND + "(?:\\s*\\|\\|\\s*" + OPERAND + ")+");
    private static final Pattern FILTER = Pattern.compile(
            "\\b(\\w+)\\(([^()]*)\\)\\s+FILTER\\s*\\(\\s*WHERE\\s+([^()]*)\\)", Pattern.CASE_INSENSITIVE);
    private static final Pattern DATE_TRUNC = Pattern.compile(
            "\\bdate_trunc\\(\\s*'(year|month|day)'\\s*,\\s*([^()]+?)\\s*\\)(?:::date\\b)?", Pattern.CASE_INSENSITIVE);
    /** {@code a - b} of two column references (or current_date): PostgreSQL's days between them when both are dates. */
    private static final Pattern DIFFERENCE =
            Pattern.compile("(?<![\\w.'])([A-Za-z_][\\w.]*)\\s+-\\s+([A-Za-z_][\\w.]*)(?![\\w.(])");
    /** A column of type date in PostgreSQL DDL: its name, then the type. */
    private static final Pattern DATE_COLUMN =
            Pattern.compile("(?m)^\\s+\"?(\\w+)\"?\\s+date\\b", Pattern.CASE_INSENSITIVE);

    private static final Pattern NULLS_ORDER = Pattern.compile(
            "([A-Za-z_][\\w.]*)(\\s+(?:ASC|DESC))?\\s+NULLS\\s+(FIRST|LAST)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern RELATION =
            Pattern.compile("\\b(?:FROM|JOIN)\\s+([A-Za-z_][\\w.]*)", Pattern.CASE_INSENSITIVE);
    /** One documented query: its heading, SQL block and text, up to the next heading of its level or above. */
    private static final Pattern PATTERN_SECTION =
            Pattern.compile("### Query Pattern:.*?(?=\\n### |\\n## |\\z)", Pattern.DOTALL);

    private static final Pattern SQL_BLOCK = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL);

    private MySqlQueryTranslation() {}

    /** The names of the columns {@code postgresDdl} declares as {@code date}, the operands DATEDIFF takes. */
    public static Set<String> dateColumns(String postgresDdl) {
        return DATE_COLUMN.matcher(postgresDdl).results().map(m -> m.group(1)).collect(Collectors.toSet());
    }

    /** {@code sql} in MySQL's spelling; {@code dateColumns} names the columns of type date (any table's). */
    public static String translate(String sql, Set<String> dateColumns) {
        String out = replace(
                CONCAT, sql, m -> "CONCAT(" + String.join(", ", m.group().split("\\s*\\|\\|\\s*")) + ")");
        out = replace(
                FILTER,
                out,
                m -> m.group(1) + "(CASE WHEN " + m.group(3).strip() + " THEN "
                        + (m.group(2).strip().equals("*") ? "1" : m.group(2).strip()) + " END)");
        out = replace(
                DATE_TRUNC,
                out,
                m -> "CAST(DATE_FORMAT(" + m.group(2) + ", '"
                        + switch (m.group(1).toLowerCase(Locale.ROOT)) {
                            case "year" -> "%Y-01-01";
                            case "month" -> "%Y-%m-01";
                            default -> "%Y-%m-%d";
                        }
                        + "') AS DATE)");
        out = replace(
                DIFFERENCE,
                out,
                m -> isDate(m.group(1), dateColumns) && isDate(m.group(2), dateColumns)
                        ? "DATEDIFF(" + m.group(1) + ", " + m.group(2) + ")"
                        : m.group());
        return replace(NULLS_ORDER, out, m -> {
            String direction = m.group(2) == null ? "" : m.group(2);
            boolean nullsFirst = m.group(3).equalsIgnoreCase("FIRST");
            return m.group(1) + " IS NULL" + (nullsFirst ? " DESC" : "") + ", " + m.group(1) + direction;
        });
    }

    private static boolean isDate(String reference, Set<String> dateColumns) {
        return reference.equalsIgnoreCase("current_date")
                || dateColumns.contains(reference.substring(reference.lastIndexOf('.') + 1));
    }

    /** The relations {@code sql} reads after FROM or JOIN, without their schema. */
    static Set<String> relations(String sql) {
        return RELATION.matcher(sql)
                .results()
                .map(m -> m.group(1).substring(m.group(1).lastIndexOf('.') + 1))
                .collect(Collectors.toSet());
    }

    /**
     * A table doc with every documented query translated, and those reading anything but {@code tables} left out with
     * their text.
     */
    public static String translateDoc(String markdown, Collection<String> tables, Set<String> dateColumns) {
        Set<String> known = Set.copyOf(tables);
        return replace(PATTERN_SECTION, markdown, section -> {
            Matcher block = SQL_BLOCK.matcher(section.group());
            if (!block.find()) return section.group();
            String sql = block.group(1);
            if (!known.containsAll(relations(sql))) return "";
            return section.group().replace(sql, translate(sql, dateColumns));
        });
    }

    /** Writes each markdown doc of {@code from} translated into {@code to}; returns {@code to}. */
    public static Path translateDocs(Path from, Path to, Collection<String> tables, Set<String> dateColumns)
            throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> docs = Files.list(from)) {
            for (Path doc : docs.filter(p -> p.toString().endsWith(".md")).toList())
                Files.writeString(
                        to.resolve(doc.getFileName().toString()),
                        translateDoc(Files.readString(doc, StandardCharsets.UTF_8), tables, dateColumns),
                        StandardCharsets.UTF_8);
        }
        return to;
    }

    /** The documented SQL blocks of a doc, as written. */
    public static List<String> documentedQueries(String markdown) {
        return SQL_BLOCK
                .matcher(markdown)
                .results()
                .map(m -> m.group(1).strip())
                .toList();
    }

    private static String replace(Pattern pattern, String text, Function<Matcher, String> replacement) {
        return pattern.matcher(text).replaceAll(m -> Matcher.quoteReplacement(replacement.apply((Matcher) m)));
    }
}
