package dev.schemarag.app.cli;

import dev.schemarag.core.questions.OutcomeView;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The rows of an executed answer as {@code ask} prints them for people: an aligned table of the first
 * {@value #SHOWN_ROWS} rows (numbers right-aligned, SQL NULL as {@value #NULL}, masked cells as {@value #MASKED}, wide
 * cells cut with an ellipsis), then how many rows there are and whether the query returned more. Cells are shown on
 * one line each: control characters, line breaks and terminal escapes included, become spaces. {@code --format csv}
 * and {@code --json} carry the values as they are.
 */
final class RowsTable {
    static final int SHOWN_ROWS = 20;
    static final int MAX_CELL_WIDTH = 40;
    static final String NULL = "NULL";
    static final String MASKED = "<masked>";
    static final String TRUNCATED = "(truncated at the row or byte cap: the query returned more)";

    /** PostgreSQL's numeric type names, as result columns report them: right-aligned. */
    private static final Set<String> NUMERIC = Set.of("int2", "int4", "int8", "float4", "float8", "numeric", "oid");

    private RowsTable() {}

    static void print(OutcomeView.Answered answer, PrintWriter out) {
        List<OutcomeView.Column> columns = answer.columns();
        List<List<String>> rows = answer.rows();
        if (!columns.isEmpty()) {
            List<String[]> lines = new ArrayList<>();
            lines.add(columns.stream()
                    .map(OutcomeView.Column::name)
                    .map(RowsTable::shown)
                    .toArray(String[]::new));
            for (List<String> row : rows.subList(0, Math.min(SHOWN_ROWS, rows.size()))) {
                String[] cells = new String[columns.size()];
                for (int c = 0; c < cells.length; c++)
                    cells[c] = columns.get(c).masked() ? MASKED : row.get(c) == null ? NULL : shown(row.get(c));
                lines.add(cells);
            }
            int[] widths = new int[columns.size()];
            for (String[] line : lines)
                for (int c = 0; c < widths.length; c++) widths[c] = Math.max(widths[c], width(line[c]));
            out.println();
            print(lines.get(0), widths, columns, out);
            out.println(String.join(
                    "-+-", Arrays.stream(widths).mapToObj("-"::repeat).toList()));
            for (String[] line : lines.subList(1, lines.size())) print(line, widths, columns, out);
            out.println();
        }
        out.println(count(answer));
        if (Boolean.TRUE.equals(answer.truncated())) out.println(TRUNCATED);
    }

    private static void print(String[] cells, int[] widths, List<OutcomeView.Column> columns, PrintWriter out) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) line.append(" | ");
            String pad = " ".repeat(widths[c] - width(cells[c]));
            if (NUMERIC.contains(columns.get(c).type())) line.append(pad).append(cells[c]);
            else line.append(cells[c]).append(pad);
        }
        out.println(line.toString().stripTrailing());
    }

    /** e.g. {@code 1000 rows in 40 ms as erp_reader; the first 20 shown (--format csv writes all)}. */
    private static String count(OutcomeView.Answered answer) {
        String count = answer.rowCount() + (answer.rowCount() == 1 ? " row" : " rows") + " in " + answer.executionMs()
                + " ms as " + answer.executedAs();
        return answer.rows().size() > SHOWN_ROWS
                ? count + "; the first " + SHOWN_ROWS + " shown (--format csv writes all)"
                : count;
    }

    /** The cell on one line, at most {@link #MAX_CELL_WIDTH} characters with the last one an ellipsis when cut. */
    static String shown(String cell) {
        String line = cell.codePoints()
                .map(c -> Character.isISOControl(c) ? ' ' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                .toString();
        if (width(line) <= MAX_CELL_WIDTH) return line;
        return line.substring(0, line.offsetByCodePoints(0, MAX_CELL_WIDTH - 1)) + "…";
    }

    private static int width(String text) {
        return text.codePointCount(0, text.length());
    }
}
