package dev.schemarag.bench;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What routing by schema evidence alone can reach on a multi-database suite: a question whose gold tables, with every
 * gold column, another database holds under the same names is one that no schema-only router can tell from that
 * database's (the question's words match both alike). Picking at random among such equals, the best expected routing
 * accuracy is the mean over the questions of one over the number of databases that hold their gold. Pure: no I/O.
 *
 * @param columnsBySchema each database (a schema of the suite's catalog) to its tables' columns, names lower-cased
 */
record SchemaTies(Map<String, Map<String, Set<String>>> columnsBySchema) {

    /** How many databases hold every gold table of {@code q} with every gold column, its own included. */
    int holders(RetrievalBenchmark.Question q) {
        Map<String, Set<String>> needed = needed(q);
        int holders = 0;
        for (Map<String, Set<String>> tables : columnsBySchema.values())
            if (needed.entrySet().stream()
                    .allMatch(n -> tables.containsKey(n.getKey())
                            && tables.get(n.getKey()).containsAll(n.getValue()))) holders++;
        return Math.max(1, holders);
    }

    /**
     * {@code gold_tied_share}: the share of questions whose gold another database holds too; {@code
     * schema_only_ceiling}: the best expected routing accuracy by schema evidence alone.
     */
    Map<String, Object> figures(List<RetrievalBenchmark.Question> questions) {
        int tied = 0;
        double ceiling = 0;
        for (RetrievalBenchmark.Question q : questions) {
            int holders = holders(q);
            if (holders > 1) tied++;
            ceiling += 1.0 / holders;
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("gold_tied_share", questions.isEmpty() ? 0.0 : tied / (double) questions.size());
        figures.put("schema_only_ceiling", questions.isEmpty() ? 0.0 : ceiling / questions.size());
        return figures;
    }

    /** The gold tables by name within their database, each with the gold columns read from it. */
    private static Map<String, Set<String>> needed(RetrievalBenchmark.Question q) {
        Map<String, Set<String>> needed = new HashMap<>();
        for (String table : q.goldTables()) needed.computeIfAbsent(withinDatabase(table), t -> new HashSet<>());
        for (String column : q.goldColumns()) {
            int dot = column.lastIndexOf('.');
            needed.computeIfAbsent(withinDatabase(column.substring(0, dot)), t -> new HashSet<>())
                    .add(column.substring(dot + 1).toLowerCase(Locale.ROOT));
        }
        return needed;
    }

    /** {@code db.table} → {@code table}. */
    private static String withinDatabase(String qualified) {
        return qualified.substring(qualified.indexOf('.') + 1).toLowerCase(Locale.ROOT);
    }
}
