package dev.schemarag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code schemarag bench examples}: what the offline generator's threshold does with each embedding model, on a suite
 * whose questions come in paraphrases (Spider's do: most questions have a twin with the same gold SQL). Each question
 * is answered from the other questions of its database taken as verified examples, as the offline generator answers:
 * the nearest one's SQL when its similarity reaches the threshold. Per model and threshold: {@code served}, the share
 * of questions answered; {@code precision}, the share of those whose example has the same SQL; {@code recall}, the
 * share of questions with a twin answered with its SQL; {@code unrelated_served}, the share of questions that the
 * nearest question of another database would answer (the store holds nothing relevant, so anything served is a
 * guess); {@code paraphrases_accepted}, the share of same-SQL pairs whose similarity reaches the threshold. Runs in
 * process, with the models only: no stack.
 */
public final class ExampleThresholdBenchmark {
    static final double LOWEST = 0.60;
    static final double HIGHEST = 0.96;
    static final double STEP = 0.02;

    private ExampleThresholdBenchmark() {}

    /** A suite question as a verified example: its database, wording and gold SQL (compared once normalised). */
    record Example(String dbId, String question, String sql) {
        Example {
            sql = sql.toLowerCase(Locale.ROOT)
                    .replaceAll("\\s+", " ")
                    .replaceAll(" ?([(),;]) ?", "$1")
                    .strip();
        }
    }

    public static BenchReport run(Path suiteDir, int limit, PrintWriter out) throws IOException {
        List<Example> examples = examples(suiteDir, limit);
        BenchReport report = new BenchReport("Offline answers: " + suiteDir.getFileName() + ", " + examples.size()
                + " questions, each answered from the other questions of its database");
        Map<String, Object> rows = new LinkedHashMap<>();
        for (OnnxEmbeddingModel.Choice choice : OnnxEmbeddingModel.Choice.values()) {
            if (!choice.present()) continue;
            out.println("examples: embedding " + examples.size() + " questions with " + choice.id());
            out.flush();
            EmbeddingModel model = OnnxEmbeddingModel.load(choice.id());
            List<float[]> vectors =
                    model.embedAll(examples.stream().map(Example::question).toList());
            figures(examples, vectors).forEach((threshold, row) -> rows.put(choice.id() + " " + threshold, row));
        }
        report.put("by_model_and_threshold", rows);
        return report;
    }

    static List<Example> examples(Path suiteDir, int limit) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Example> examples = new ArrayList<>();
        for (String line : Files.readAllLines(suiteDir.resolve("questions.jsonl"))) {
            if (line.isBlank()) continue;
            JsonNode n = json.readTree(line);
            if (!n.hasNonNull("gold_sql")) continue;
            examples.add(new Example(
                    n.path("db_id").asText(),
                    n.path("question").asText(),
                    n.get("gold_sql").asText()));
            if (limit > 0 && examples.size() >= limit) break;
        }
        return examples;
    }

    /** The figures of each threshold ("0.70"), from each example's vector (same order). */
    static Map<String, Map<String, Object>> figures(List<Example> examples, List<float[]> vectors) {
        int n = examples.size();
        double[] nearest = new double[n];
        boolean[] sameSql = new boolean[n];
        boolean[] hasTwin = new boolean[n];
        double[] nearestElsewhere = new double[n];
        List<Double> twinSimilarities = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nearest[i] = Double.NEGATIVE_INFINITY;
            nearestElsewhere[i] = Double.NEGATIVE_INFINITY;
            int best = -1;
            for (int j = 0; j < n; j++) {
                if (i == j) continue;
                double similarity = cosine(vectors.get(i), vectors.get(j));
                if (!examples.get(i).dbId().equals(examples.get(j).dbId())) {
                    nearestElsewhere[i] = Math.max(nearestElsewhere[i], similarity);
                    continue;
                }
                boolean twin = examples.get(i).sql().equals(examples.get(j).sql());
                hasTwin[i] |= twin;
                if (twin && j > i) twinSimilarities.add(similarity);
                if (similarity > nearest[i]) {
                    nearest[i] = similarity;
                    best = j;
                }
            }
            sameSql[i] =
                    best >= 0 && examples.get(i).sql().equals(examples.get(best).sql());
        }
        int twins = 0;
        for (boolean t : hasTwin) if (t) twins++;
        Map<String, Map<String, Object>> rows = new LinkedHashMap<>();
        for (int step = 0; LOWEST + step * STEP <= HIGHEST + 1e-9; step++) {
            double threshold = LOWEST + step * STEP;
            int served = 0;
            int right = 0;
            int unrelated = 0;
            for (int i = 0; i < n; i++) {
                if (nearest[i] >= threshold) {
                    served++;
                    if (sameSql[i]) right++;
                }
                if (nearestElsewhere[i] >= threshold) unrelated++;
            }
            long accepted =
                    twinSimilarities.stream().filter(s -> s >= threshold).count();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("served", share(served, n));
            row.put("precision", share(right, served));
            row.put("recall", share(right, twins));
            row.put("unrelated_served", share(unrelated, n));
            row.put("paraphrases_accepted", share(accepted, twinSimilarities.size()));
            rows.put(String.format(Locale.ROOT, "%.2f", threshold), row);
        }
        return rows;
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : Math.round(1000.0 * part / whole) / 1000.0;
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int k = 0; k < a.length; k++) {
            dot += a[k] * b[k];
            na += a[k] * a[k];
            nb += b[k] * b[k];
        }
        return dot / Math.sqrt(na * nb);
    }
}
