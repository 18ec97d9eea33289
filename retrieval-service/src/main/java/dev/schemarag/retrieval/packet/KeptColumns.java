package dev.schemarag.retrieval.packet;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.lexical.IdentifierAnalyzer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns a table narrowed to its budget keeps with their types ({@link WideTableRenderer}, {@link
 * BriefTableRenderer}): its primary key, the columns that join it to the packet's other tables and the columns the
 * question matches. Its other columns are most of its tokens and are named, not defined.
 */
public final class KeptColumns {
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

    private KeptColumns() {}

    /**
     * The columns of a table to keep besides its primary key: those of the edges joining it to the packet's other
     * tables, the given column hits, and those whose name shares a word with the question other than the words of the
     * table's own name.
     *
     * @param packetEdges the join edges among the packet's tables
     */
    public static Set<String> of(
            Table table, List<ForeignKeyEdge> packetEdges, Set<String> hitColumns, String question) {
        Set<String> kept = new HashSet<>(hitColumns);
        for (ForeignKeyEdge edge : packetEdges) {
            if (edge.from().equals(table.name())) kept.addAll(edge.fromColumns());
            if (edge.to().equals(table.name())) kept.addAll(edge.toColumns());
        }
        // A word of the table's own name is the question naming the table, not a column of it: "per customer" keeps no
        // customer_number or customer_type of customers.
        Set<String> words = new HashSet<>(QUESTION_WORDS.get(question == null ? "" : question));
        words.removeAll(NAME_WORDS.get(table.name().table()));
        for (Column column : table.columns())
            if (NAME_WORDS.get(column.name()).stream().anyMatch(words::contains)) kept.add(column.name());
        return kept;
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
