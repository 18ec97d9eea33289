package dev.schemarag.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Benchmark figures: printed as a table, and written as JSON when asked. */
public final class BenchReport {
    private final String title;
    private final Map<String, Object> figures = new LinkedHashMap<>();

    public BenchReport(String title) {
        this.title = title;
    }

    public BenchReport put(String key, Object value) {
        figures.put(key, value);
        return this;
    }

    public void print(PrintWriter out) {
        out.println();
        out.println(title);
        figures.forEach((k, v) -> {
            if (v instanceof Map<?, ?> systems
                    && !systems.isEmpty()
                    && systems.values().stream().allMatch(Map.class::isInstance)) printTable(systems, out);
            else out.printf(Locale.ROOT, "  %-16s %s%n", k, format(v));
        });
    }

    /**
     * One row per system, one column per figure (latencies flattened); a figure split into groups of figures (the
     * split by gold table count) gets a line per group under the table.
     */
    private static void printTable(Map<?, ?> systems, PrintWriter out) {
        boolean header = true;
        Map<String, Object> groups = new LinkedHashMap<>();
        for (Map.Entry<?, ?> system : systems.entrySet()) {
            Map<String, Object> row = new LinkedHashMap<>();
            ((Map<?, ?>) system.getValue()).forEach((k, v) -> {
                if (v instanceof Map<?, ?> nested && nested.values().stream().allMatch(Map.class::isInstance))
                    nested.forEach((nk, nv) -> groups.put(system.getKey() + " " + k + " " + nk, nv));
                else if (v instanceof Map<?, ?> nested) nested.forEach((nk, nv) -> row.put(k + "." + nk, nv));
                else row.put(k.toString(), v);
            });
            if (header) {
                out.printf(Locale.ROOT, "  %-12s", "system");
                row.keySet().forEach(k -> out.printf(Locale.ROOT, " %10s", abbreviate(k)));
                out.println();
                header = false;
            }
            out.printf(Locale.ROOT, "  %-12s", system.getKey());
            row.values().forEach(v -> out.printf(Locale.ROOT, " %10s", format(v)));
            out.println();
        }
        groups.forEach((name, group) -> {
            out.printf(Locale.ROOT, "  %-36s", name);
            ((Map<?, ?>) group)
                    .forEach((k, v) -> out.printf(Locale.ROOT, " %s %s", abbreviate(k.toString()), format(v)));
            out.println();
        });
    }

    private static String abbreviate(String key) {
        return key.replace("complete_recall", "complete")
                .replace("strict_column_recall", "strict_col")
                .replace("column_recall", "col_recall")
                .replace("token_reduction", "tok_reduct")
                .replace("latency_ms.", "ms_")
                .replace("table_recall", "tbl_recall")
                .replace("mean_tables", "tables");
    }

    private static String format(Object v) {
        return v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : String.valueOf(v);
    }

    public void writeJson(Path file) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), figures);
    }

    /** Nearest-rank percentile of already sorted values. */
    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) return Double.NaN;
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    static double[] sorted(double[] values) {
        double[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }
}
