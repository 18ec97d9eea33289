package dev.schemarag.app.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosisTest {
    @Test
    void everyFailureIsCountedAndPrintedWithItsFix() {
        StringWriter printed = new StringWriter();

        int failed = Diagnosis.print(
                List.of(
                        Diagnosis.ok("kafka", "1 broker(s)"),
                        Diagnosis.failed("db sales CDC", "no replication slot schemarag_sales", "start ingest")),
                new PrintWriter(printed));

        assertThat(failed).isEqualTo(1);
        assertThat(printed.toString())
                .contains("ok   kafka")
                .contains("FAIL db sales CDC")
                .contains("     fix: start ingest\n")
                .endsWith("1 of 2 checks failed\n");
    }
}
