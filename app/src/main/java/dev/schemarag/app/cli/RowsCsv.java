package dev.schemarag.app.cli;

import dev.schemarag.core.questions.OutcomeView;
import java.io.PrintWriter;
import java.util.List;

/**
 * The rows of an executed answer as RFC 4180 CSV, what {@code ask --format csv} writes: a header of the column names,
 * then every row received, lines ending in CRLF. A field is quoted when it holds a comma, a double quote (doubled) or
 * a line break; SQL NULL and masked cells are empty fields.
 */
final class RowsCsv {
    private static final String CRLF = "\r\n";

    private RowsCsv() {}

    static void write(OutcomeView.Answered answer, PrintWriter out) {
        out.print(line(answer.columns().stream().map(OutcomeView.Column::name).toList()));
        for (List<String> row : answer.rows()) out.print(line(row));
        out.flush();
    }

    private static String line(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) line.append(',');
            line.append(field(fields.get(i)));
        }
        return line.append(CRLF).toString();
    }

    static String field(String value) {
        if (value == null) return "";
        boolean quoted = value.indexOf(',') >= 0
                || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0
                || value.indexOf('\n') >= 0;
        return quoted ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
