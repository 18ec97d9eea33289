package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchReportTest {
    @Test
    void figuresPrintOnePerLineAndSystemsAsATable() {
        Map<String, Object> rag = new LinkedHashMap<>();
        rag.put("table_recall", 0.9);
        rag.put("latency_ms", Map.of("p50", 1.5));
        BenchReport report = new BenchReport("bench retrieval suite")
                .put("questions", 2)
                .put("seconds", 1.0)
                .put("systems", Map.of("rag", rag));

        StringWriter printed = new StringWriter();
        report.print(new PrintWriter(printed));

        assertThat(printed.toString())
                .isEqualTo(String.join(
                        System.lineSeparator(),
                        "",
                        "bench retrieval suite",
                        "  questions        2",
                        "  seconds          1.000",
                        "  system       tbl_recall     ms_p50",
                        "  rag               0.900      1.500",
                        ""));
    }

    @Test
    void theJsonHoldsTheFiguresInTheirOrder(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("figures.json");
        new BenchReport("bench sync").put("tables", 3).put("seconds", 0.5).writeJson(json);

        assertThat(Files.readString(json)).isEqualToIgnoringNewLines("{  \"tables\" : 3,  \"seconds\" : 0.5}");
    }
}
