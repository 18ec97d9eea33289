package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class PrincipalCostBenchmarkTest {

    @Test
    void theAddedCostIsThePrincipalsPercentileMinusTheBaselines() {
        PrincipalCostBenchmark.Latencies baseline = new PrincipalCostBenchmark.Latencies();
        PrincipalCostBenchmark.Latencies asPrincipal = new PrincipalCostBenchmark.Latencies();
        for (int ms = 1; ms <= 100; ms++) {
            baseline.add(ms, true);
            asPrincipal.add(ms + 0.5, ms != 7);
        }

        Map<String, Object> figures = PrincipalCostBenchmark.figures(baseline, asPrincipal, 100);

        @SuppressWarnings("unchecked")
        Map<String, Double> added = (Map<String, Double>) figures.get("added_ms");
        assertThat(added.get("p50")).isCloseTo(0.5, Offset.offset(1e-9));
        assertThat(added.get("p99")).isCloseTo(0.5, Offset.offset(1e-9));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> systems = (Map<String, Map<String, Object>>) figures.get("systems");
        assertThat(systems.get("principal")).containsEntry("retrievals", 100).containsEntry("failures", 1);
        assertThat(systems.get("no_principal")).containsEntry("failures", 0);
    }

    @Test
    void aCatalogGivesAsManyQuestionsAsItCanWhenAskedForMore() {
        List<CatalogQuestions.Table> tables = List.of(new CatalogQuestions.Table("orders", List.of("amount")));

        assertThat(CatalogQuestions.upTo(tables, 1000)).hasSize(7).doesNotHaveDuplicates();
    }
}
