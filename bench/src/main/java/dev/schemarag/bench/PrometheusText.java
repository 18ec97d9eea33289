package dev.schemarag.bench;

/** Reads a counter out of a Prometheus text exposition, as a service's {@code /metrics} serves it. Pure: no I/O. */
final class PrometheusText {
    private PrometheusText() {}

    /**
     * The sum of the samples of {@code series} that carry {@code label} (e.g. {@code result="hit"}); 0 when there are
     * none.
     */
    static double sum(String exposition, String series, String label) {
        double sum = 0;
        for (String line : exposition.lines().toList()) {
            if (!line.startsWith(series + "{")) continue;
            int labelsEnd = line.indexOf('}');
            if (labelsEnd < 0 || !line.substring(series.length(), labelsEnd).contains(label)) continue;
            String[] rest = line.substring(labelsEnd + 1).strip().split("\\s+");
            sum += Double.parseDouble(rest[0]);
        }
        return sum;
    }
}
