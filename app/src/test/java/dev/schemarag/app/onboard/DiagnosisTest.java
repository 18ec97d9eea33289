package dev.schemarag.app.onboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosisTest {
    @Test
    void everyFailureIsCountedAndPrintedWithItsFix() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int failed = Diagnosis.print(
                List.of(
                        Diagnosis.ok("kafka", "1 broker(s)"),
                        Diagnosis.failed("db sales CDC", "no replication slot schemarag_sales", "start ingest")),
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(failed).isEqualTo(1);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("ok   kafka")
                .contains("FAIL db sales CDC")
                .contains("     fix: start ingest\n")
                .endsWith("1 of 2 checks failed\n");
    }
}
