package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.OutcomeView;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ask --format csv}: RFC 4180, every row received, nothing else. */
class RowsCsvTest {
    @Test
    void aHeaderThenEveryRowWithCrlfAndOnlyTheFieldsThatNeedItQuoted() {
        OutcomeView.Answered answer = OutcomeTextTest.executed(
                List.of(
                        new OutcomeView.Column("name", "text", false),
                        new OutcomeView.Column("n", "int4", false),
                        new OutcomeView.Column("email", "text", true)),
                List.of(
                        Arrays.asList("Smith, John", "1", null),
                        Arrays.asList("say \"hi\"", null, null),
                        Arrays.asList("two\nlines", "3", null),
                        Arrays.asList(" padded ", "", null)),
                false);

        assertThat(csv(answer))
                .isEqualTo("name,n,email\r\n"
                        + "\"Smith, John\",1,\r\n"
                        + "\"say \"\"hi\"\"\",,\r\n"
                        + "\"two\nlines\",3,\r\n"
                        + " padded ,,\r\n");
    }

    @Test
    void allRowsAreWrittenNotOnlyTheOnesTheTableShows() {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) rows.add(List.of(String.valueOf(i)));

        String csv = csv(OutcomeTextTest.executed(List.of(new OutcomeView.Column("i", "int4", false)), rows, true));

        assertThat(csv.split("\r\n")).hasSize(1001);
        assertThat(csv).endsWith("\r\n999\r\n");
    }

    private static String csv(OutcomeView.Answered answer) {
        StringWriter out = new StringWriter();
        RowsCsv.write(answer, new PrintWriter(out));
        return out.toString();
    }
}
