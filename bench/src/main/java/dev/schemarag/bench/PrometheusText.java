package dev.schemarag.bench;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Reads a counter or a histogram out of a Prometheus text exposition, as a service's {@code /metrics} serves it. Pure:
 * no I/O.
 */
final class PrometheusText {
    private PrometheusText() {}

    /**
     * The sum of the samples of {@code series} that carry {@code label} (e.g. {@code result="hit"}; an empty label also
     * takes a sample without labels); 0 when there are none.
     */
    static double sum(String exposition, String series, String label) {
        double sum = 0;
        for (String line : exposition.lines().toList()) {
            if (label.isEmpty() && line.startsWith(series + " ")) {
                sum += Double.parseDouble(
                        line.substring(series.length()).strip().split("\\s+")[0]);
                continue;
            }
            if (!line.startsWith(series + "{")) continue;
            int labelsEnd = line.indexOf('}');
            if (labelsEnd < 0 || !line.substring(series.length(), labelsEnd).contains(label)) continue;
            String[] rest = line.substring(labelsEnd + 1).strip().split("\\s+");
            sum += Double.parseDouble(rest[0]);
        }
        return sum;
    }

    /** The cumulative counts of the histogram {@code series} by bucket upper bound ({@code le}, +Inf included). */
    static NavigableMap<Double, Double> buckets(String exposition, String series) {
        return buckets(exposition, series, "");
    }

    /** {@link #buckets(String, String)} of the series whose labels contain {@code label}, e.g. {@code result="hit"}. */
    static NavigableMap<Double, Double> buckets(String exposition, String series, String label) {
        NavigableMap<Double, Double> buckets = new TreeMap<>();
        String prefix = series + "_bucket{";
        for (String line : exposition.lines().toList()) {
            if (!line.startsWith(prefix)) continue;
            int le = line.indexOf("le=\"");
            int labelsEnd = line.indexOf('}');
            if (le < 0
                    || labelsEnd < 0
                    || !line.substring(prefix.length(), labelsEnd).contains(label)) continue;
            String bound = line.substring(le + 4, line.indexOf('"', le + 4));
            double upper = bound.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(bound);
            buckets.merge(
                    upper,
                    Double.parseDouble(line.substring(labelsEnd + 1).strip().split("\\s+")[0]),
                    Double::sum);
        }
        return buckets;
    }

    /**
     * The upper bound of the bucket holding quantile {@code q} of what was observed between two readings of one
     * histogram ({@link #buckets}); null when nothing was, or when it lies in the +Inf bucket.
     */
    static Double quantile(NavigableMap<Double, Double> before, NavigableMap<Double, Double> after, double q) {
        double total = after.isEmpty() ? 0 : after.lastEntry().getValue() - before.getOrDefault(after.lastKey(), 0.0);
        if (total <= 0) return null;
        for (Map.Entry<Double, Double> bucket : after.entrySet()) {
            double count = bucket.getValue() - before.getOrDefault(bucket.getKey(), 0.0);
            if (count >= q * total) return Double.isInfinite(bucket.getKey()) ? null : bucket.getKey();
        }
        return null;
    }
}
