package dev.schemarag.ingest.text;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.DateSuffix;
import dev.schemarag.core.schema.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The texts that get embedded, one per table and one per column. They are a pure function of the catalog and the
 * annotations — never sample values — so the same input yields the same text byte for byte and an unchanged
 * {@link TextHash} proves a stored vector current.
 *
 * <p>Table text, lines in this order, a line left out when it would be empty:
 * <pre>
 * employees: Everyone on the payroll. Includes contractors.     name (" (view)" for views), ": " description
 * Module: HR
 * Synonyms: staff, workers                                       annotation order
 * Key columns: employee_id PK, department_id FK→departments     PK columns in key order, then FK columns
 * Columns: first_name, last_name, hire_date, status (+3 more)    the rest: informative, then generic; capped
 * </pre>
 * Column text:
 * <pre>
 * employees.first_name
 * Type: text
 * Key: FK→departments                                           only for key columns
 * Table: employees (Everyone on the payroll.)                   " (description)" only when there is one
 * Description: Legal first name. Used on contracts.              column comment, then annotation description
 * Synonyms: given name
 * </pre>
 * A description joins the catalog comment and the annotation description (dropping the latter when it repeats
 * the comment), with a period between them when the comment does not end a sentence. Line breaks inside
 * comments become spaces. Names in the {@code public} schema are written without it.
 */
public final class StableEmbedText {
    public static final int DEFAULT_MAX_COLUMNS = 25;

    private final GenericColumns genericColumns;
    private final int maxColumns;

    public StableEmbedText(GenericColumns genericColumns, int maxColumns) {
        if (maxColumns < 1) throw new IllegalArgumentException("maxColumns must be at least 1, was " + maxColumns);
        this.genericColumns = genericColumns;
        this.maxColumns = maxColumns;
    }

    public String table(Table table, Annotations annotations) {
        return table(table, annotations, SchemaFormat.name(table.name()));
    }

    /**
     * What the table's vector is made of: its text with a date suffix of its name generalised ({@link DateSuffix}).
     * Its description is not cut: a catalog has ten or more columns for each table, so the columns' texts are what
     * the budget is for.
     */
    public String embeddedTable(Table table, Annotations annotations) {
        return table(table, annotations, DateSuffix.generalized(SchemaFormat.name(table.name())));
    }

    private String table(Table table, Annotations annotations, String name) {
        List<String> lines = new ArrayList<>();
        annotations
                .module(table.name())
                .map(SchemaFormat::oneLine)
                .filter(m -> !m.isEmpty())
                .ifPresent(m -> lines.add("Module: " + m));
        addListLine(lines, "Synonyms", annotations.synonyms(table.name()));

        Set<String> keyColumns = keyColumns(table);
        addListLine(
                lines,
                "Key columns",
                keyColumns.stream()
                        .map(c -> c
                                + SchemaFormat.keyMarker(table, c)
                                        .map(m -> " " + m)
                                        .orElse(""))
                        .toList());
        addListLine(lines, "Columns", capped(otherColumnsInformativeFirst(table, keyColumns)));
        String description = tableDescription(table, annotations);
        String title = name + (table.view() ? " (view)" : "");
        lines.add(0, description.isEmpty() ? title : title + ": " + description);
        return String.join("\n", lines);
    }

    public String column(Table table, Column column, Annotations annotations) {
        return column(table, column, annotations, SchemaFormat.name(table.name()), EmbedTextBudget.NONE);
    }

    /**
     * What the column's vector is made of: its text with its descriptions fitted to {@code budget} and a date suffix
     * of its table's name generalised ({@link DateSuffix}).
     */
    public String embeddedColumn(Table table, Column column, Annotations annotations, EmbedTextBudget budget) {
        return column(table, column, annotations, DateSuffix.generalized(SchemaFormat.name(table.name())), budget);
    }

    private static String column(
            Table table, Column column, Annotations annotations, String tableName, EmbedTextBudget budget) {
        List<String> lines = new ArrayList<>();
        lines.add(tableName + "." + column.name());
        lines.add("Type: " + SchemaFormat.type(column.dataType()));
        SchemaFormat.keyMarker(table, column.name()).ifPresent(m -> lines.add("Key: " + m));
        String tableDescription = tableDescription(table, annotations);
        String tableLine = "Table: " + tableName + (tableDescription.isEmpty() ? "" : " (");
        List<String> after = new ArrayList<>();
        addListLine(after, "Synonyms", annotations.synonyms(table.name(), column.name()));
        String description = joinDescriptions(column.comment(), annotations.description(table.name(), column.name()));
        String label = "Description: ";
        // The column's own description first, with the table's first sentence as context; the table's gets the rest.
        String context = budget.context(tableDescription);
        String fitted = description.isEmpty()
                ? ""
                : label
                        + budget.fit(
                                description,
                                moreLines(lines)
                                        + tableLine.length()
                                        + context.length()
                                        + 2
                                        + label.length()
                                        + moreLines(after));
        if (!tableDescription.isEmpty())
            context = budget.fit(
                    tableDescription,
                    moreLines(lines)
                            + tableLine.length()
                            + 1
                            + (fitted.isEmpty() ? 0 : fitted.length() + 1)
                            + moreLines(after));
        lines.add(tableLine + (tableDescription.isEmpty() ? "" : context + ")"));
        if (!fitted.isEmpty()) lines.add(fitted);
        lines.addAll(after);
        return String.join("\n", lines);
    }

    /** The characters {@code lines} add to a text after another line: each line and its line break. */
    private static int moreLines(List<String> lines) {
        return lines.stream().mapToInt(line -> line.length() + 1).sum();
    }

    private static String tableDescription(Table table, Annotations annotations) {
        return joinDescriptions(table.comment(), annotations.description(table.name()));
    }

    private static String joinDescriptions(String comment, Optional<String> annotation) {
        String first = SchemaFormat.oneLine(comment);
        String second = annotation.map(SchemaFormat::oneLine).orElse("");
        if (second.isEmpty() || second.equals(first)) return first;
        if (first.isEmpty()) return second;
        return first + (endsSentence(first) ? " " : ". ") + second;
    }

    private static boolean endsSentence(String text) {
        char last = text.charAt(text.length() - 1);
        return last == '.' || last == '!' || last == '?';
    }

    private static Set<String> keyColumns(Table table) {
        Set<String> keys = new LinkedHashSet<>(table.primaryKey());
        table.columns().stream()
                .map(Column::name)
                .filter(c -> table.foreignKeyOf(c).isPresent())
                .forEach(keys::add);
        return keys;
    }

    private List<String> otherColumnsInformativeFirst(Table table, Set<String> keyColumns) {
        List<String> others = table.columns().stream()
                .map(Column::name)
                .filter(c -> !keyColumns.contains(c))
                .toList();
        return Stream.concat(
                        others.stream().filter(c -> !genericColumns.isGeneric(table.name(), c)),
                        others.stream().filter(c -> genericColumns.isGeneric(table.name(), c)))
                .toList();
    }

    private List<String> capped(List<String> columns) {
        if (columns.size() <= maxColumns) return columns;
        List<String> kept = new ArrayList<>(columns.subList(0, maxColumns));
        int more = columns.size() - maxColumns;
        kept.set(maxColumns - 1, kept.get(maxColumns - 1) + " (+" + more + " more)");
        return kept;
    }

    private static void addListLine(List<String> lines, String label, List<String> values) {
        List<String> present = values.stream()
                .map(SchemaFormat::oneLine)
                .filter(v -> !v.isEmpty())
                .toList();
        if (!present.isEmpty()) lines.add(label + ": " + String.join(", ", present));
    }
}
