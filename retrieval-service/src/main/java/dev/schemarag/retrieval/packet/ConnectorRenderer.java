package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.lexical.IdentifierAnalyzer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes a table that is in the packet only to join others (a bridge) with just the columns a query needs of it: its
 * primary key, the columns that join it to the packet's other tables and the columns the question matches. The rest
 * are counted in a trailing comment, so the model knows the table has more than it sees. Such a table is rarely
 * selected from or filtered on, and its other columns are most of its tokens.
 */
public final class ConnectorRenderer {
    static final String LEFT_OUT = " -- joins the tables above; %d more column%s not shown";

    private static final IdentifierAnalyzer NAMES = IdentifierAnalyzer.forDocuments();
    private static final IdentifierAnalyzer QUESTIONS = IdentifierAnalyzer.forQuestions();
    /**
     * The words of column names: a packet's wide tables ask for them question after question, and running Lucene's
     * analysis chain on each name each time was most of this class's 7% of a retrieval profile. A few MB at most.
     */
    private static final TextMemo<Set<String>> NAME_WORDS =
            new TextMemo<>(100_000, name -> Set.copyOf(NAMES.terms(name)));
    /** The words of the last questions: asked for once per table the packet cuts. */
    private static final TextMemo<Set<String>> QUESTION_WORDS =
            new TextMemo<>(20_000, question -> Set.copyOf(QUESTIONS.terms(question)));

    private ConnectorRenderer() {}

    /**
     * The columns of a connector to keep besides its primary key: those of the edges joining it to the packet's other
     * tables, those the column search hit, and those whose name shares a word with the question.
     *
     * @param packetEdges the join edges among the packet's tables
     */
    public static Set<String> keptColumns(
            Table table, List<ForeignKeyEdge> packetEdges, Set<String> hitColumns, String question) {
        Set<String> kept = new HashSet<>(hitColumns);
        for (ForeignKeyEdge edge : packetEdges) {
            if (edge.from().equals(table.name())) kept.addAll(edge.fromColumns());
            if (edge.to().equals(table.name())) kept.addAll(edge.toColumns());
        }
        Set<String> words = QUESTION_WORDS.get(question == null ? "" : question);
        for (Column column : table.columns())
            if (NAME_WORDS.get(column.name()).stream().anyMatch(words::contains)) kept.add(column.name());
        return kept;
    }

    /**
     * @param joinColumns columns of {@code table} to keep ({@link #keptColumns}); the primary key is always kept
     * @return the table in {@code format}, as the full renderer writes it when nothing would be left out
     */
    public static String render(Table table, Set<String> joinColumns, PacketFormat format, SqlDialect dialect) {
        Table connector = narrowed(table, joinColumns);
        String text = format == PacketFormat.COMPACT
                ? CompactSchemaRenderer.render(connector, dialect)
                : CreateTableRenderer.render(connector, dialect);
        int leftOut = table.columns().size() - connector.columns().size();
        return leftOut == 0 ? text : text + LEFT_OUT.formatted(leftOut, leftOut == 1 ? "" : "s");
    }

    /** {@code table} with its primary key and {@code kept} columns only, and the constraints on those alone. */
    static Table narrowed(Table table, Set<String> kept) {
        List<Column> columns = table.columns().stream()
                .filter(c -> table.isPrimaryKey(c.name()) || kept.contains(c.name()))
                .toList();
        List<String> names = columns.stream().map(Column::name).toList();
        return new Table(
                table.name(),
                table.view(),
                table.comment(),
                columns,
                table.primaryKey(),
                table.foreignKeys().stream()
                        .filter(fk -> names.containsAll(fk.columns()))
                        .toList(),
                table.uniqueConstraints().stream().filter(names::containsAll).toList(),
                table.relationships());
    }
}
