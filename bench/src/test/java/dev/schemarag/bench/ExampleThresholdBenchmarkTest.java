package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.bench.ExampleThresholdBenchmark.Example;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExampleThresholdBenchmarkTest {
    /** Two twins and a look-alike with other SQL in db a, a question alone in db b. */
    private static final List<Example> EXAMPLES = List.of(
            new Example("a", "How many singers?", "SELECT count(*) FROM singer"),
            new Example("a", "Count the singers.", "select  count(*)  from singer"),
            new Example("a", "How many singers are older than 30?", "SELECT count(*) FROM singer WHERE age > 30"),
            new Example("b", "Which cars are red?", "SELECT id FROM cars WHERE colour = 'red'"));

    /**
     * Unit vectors: the twins at a similarity of 0.91, the look-alike at 0.95 from the first question (0.86 from the
     * second), the other database's question at 0.65, 0.59 and 0.85 from the three.
     */
    private static final List<float[]> VECTORS = List.of(
            new float[] {1f, 0f, 0f},
            new float[] {0.91f, (float) Math.sqrt(1 - 0.8281), 0f},
            new float[] {0.95f, 0f, (float) Math.sqrt(1 - 0.9025)},
            new float[] {0.65f, 0f, (float) Math.sqrt(1 - 0.4225)});

    @Test
    void eachQuestionIsAnsweredByItsNearestNeighbourInItsDatabaseAndJudgedByItsSql() {
        Map<String, Map<String, Object>> rows = ExampleThresholdBenchmark.figures(EXAMPLES, VECTORS);

        // At 0.90: q0 is answered by the look-alike (0.95, wrong SQL), q1 by q0 (0.91, its twin: the SQL is equal once
        // normalised), q2 by q0 (0.95, wrong); q3 has nothing in its database.
        assertThat(rows.get("0.90"))
                .containsEntry("served", 0.75)
                .containsEntry("precision", 0.333)
                .containsEntry("recall", 0.5)
                .containsEntry("paraphrases_accepted", 1.0);
        // Above the twins' similarity only the look-alike pair is served, and never rightly.
        assertThat(rows.get("0.92"))
                .containsEntry("served", 0.5)
                .containsEntry("precision", 0.0)
                .containsEntry("recall", 0.0)
                .containsEntry("paraphrases_accepted", 0.0);
    }

    @Test
    void aQuestionWhoseNearestQuestionElsewhereReachesTheThresholdCountsAsUnrelatedServed() {
        Map<String, Map<String, Object>> rows = ExampleThresholdBenchmark.figures(EXAMPLES, VECTORS);

        // Nearest elsewhere: q0 0.65, q1 0.59, q2 0.85 (q3), and q3 0.85 (q2).
        assertThat(rows.get("0.60")).containsEntry("unrelated_served", 0.75);
        assertThat(rows.get("0.84")).containsEntry("unrelated_served", 0.5);
        assertThat(rows.get("0.86")).containsEntry("unrelated_served", 0.0);
        assertThat(rows.keySet()).startsWith("0.60", "0.62").endsWith("0.96").hasSize(19);
    }
}
