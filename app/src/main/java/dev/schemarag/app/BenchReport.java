package dev.schemarag.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Benchmark figures: printed as a table, and written as JSON when asked. */
final class BenchReport {
    private final String title;
    private final Map<String, Object> figures = new LinkedHashMap<>();

    BenchReport(String title) {
        this.title = title;
    }

    BenchReport put(String key, Object value) {
        figures.put(key, value);
        return this;
    }

    void print() {
        System.out.println();
        System.out.println(title);
        figures.forEach((k, v) -> System.out.printf(Locale.ROOT, "  %-16s %s%n", k,
                v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : v));
    }

    void writeJson(Path file) throws IOException {
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
