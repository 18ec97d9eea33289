package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.config.PacketFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a table the packet holds past its leading ones (a later rank, a foreign-key neighbour, a bridge) briefly:
 * the first sentence of its comment, then its primary key, the columns joining it to the packet's other tables and
 * the columns the question or the column search matched ({@link KeptColumns#of}), with their types and
 * keys but without comments or NOT NULL, as one line ({@code CREATE TABLE s.t (id bigint PRIMARY KEY, c_id bigint
 * REFERENCES s.c (c_id));}, still a statement; in the compact format its usual line), and the other columns by name in
 * a trailing comment, as many as the token budget leaves room for and at least {@value #NAMES_FLOOR_TOKENS} tokens
 * hold ({@link WideTableRenderer}). Such a table is there
 * to be joined or in case the ranking was wrong: the model needs to know it exists, how it joins and what it holds,
 * not every column's documentation, which the leading tables keep. A table whose brief form is no shorter than its
 * definition is written in full.
 */
public final class BriefTableRenderer {
    /** The tokens the other columns' names may take however many the kept columns took. */
    static final int NAMES_FLOOR_TOKENS = 32;

    /** The words of a table comment kept at most, when its first sentence is longer. */
    static final int COMMENT_WORDS = 16;

    /** A sentence ends after a word of three or more letters or digits, so {@code e.g.} ends none. */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[\\p{L}\\p{N})]{3}[.!?])\\s+");

    private BriefTableRenderer() {}

    /**
     * @param kept         columns to keep with their types besides the primary key
     * @param fullText     the table in {@code format}, as the full renderer writes it
     * @param budgetTokens tokens the brief text may take once the kept columns are written: the other columns are
     *     named within it
     */
    public static String render(
            Table table, Set<String> kept, String fullText, int budgetTokens, PacketFormat format, SqlDialect dialect) {
        Table narrow = KeptColumns.narrowed(brief(table), kept);
        String text = format == PacketFormat.COMPACT
                ? CompactSchemaRenderer.render(narrow, dialect)
                : oneLine(narrow, dialect);
        List<String> rest = table.columns().stream()
                .map(Column::name)
                .filter(name -> narrow.column(name).isEmpty())
                .toList();
        // A table whose kept columns take the whole budget still names a few of the others: they are what it holds.
        int room = Math.max(budgetTokens - TokenCounter.count(text), NAMES_FLOOR_TOKENS);
        String written = rest.isEmpty() ? text : text + WideTableRenderer.elided(rest, room, dialect);
        return TokenCounter.count(written) < TokenCounter.count(fullText) ? written : fullText;
    }

    /** {@code CREATE TABLE} on one line, keys inline where they have one column, the comment on the line above. */
    static String oneLine(Table table, SqlDialect dialect) {
        List<String> items = new ArrayList<>();
        boolean singleKey = table.primaryKey().size() == 1;
        for (Column column : table.columns()) {
            StringBuilder item = new StringBuilder(SqlText.identifier(column.name(), dialect))
                    .append(' ')
                    .append(column.dataType());
            if (singleKey && table.isPrimaryKey(column.name())) item.append(" PRIMARY KEY");
            table.foreignKeys().stream()
                    .filter(fk -> fk.columns().equals(List.of(column.name())))
                    .findFirst()
                    .ifPresent(fk -> item.append(" REFERENCES ")
                            .append(SqlText.qualified(fk.referencedTable(), dialect))
                            .append(" (")
                            .append(SqlText.columnList(fk.referencedColumns(), dialect))
                            .append(')'));
            items.add(item.toString());
        }
        if (table.primaryKey().size() > 1)
            items.add("PRIMARY KEY (" + SqlText.columnList(table.primaryKey(), dialect) + ")");
        for (ForeignKey fk : table.foreignKeys())
            if (fk.columns().size() > 1)
                items.add("FOREIGN KEY (" + SqlText.columnList(fk.columns(), dialect) + ") REFERENCES "
                        + SqlText.qualified(fk.referencedTable(), dialect) + " ("
                        + SqlText.columnList(fk.referencedColumns(), dialect) + ")");
        return (table.hasComment() ? "-- " + SqlText.oneLine(table.comment()) + "\n" : "")
                + (table.view() ? "CREATE VIEW " : "CREATE TABLE ") + SqlText.qualified(table.name(), dialect) + " ("
                + String.join(", ", items) + ");";
    }

    /** {@code table} with no column comments and its own comment cut to {@link #firstSentence}. */
    static Table brief(Table table) {
        return new Table(
                table.name(),
                table.view(),
                table.hasComment() ? firstSentence(table.comment()) : table.comment(),
                table.columns().stream()
                        .map(c -> new Column(c.name(), c.dataType(), c.nullable(), c.defaultValue(), null))
                        .toList(),
                table.primaryKey(),
                table.foreignKeys(),
                table.uniqueConstraints(),
                table.relationships());
    }

    /** The comment's first sentence, at most {@link #COMMENT_WORDS} words (an ellipsis marks a cut). */
    static String firstSentence(String comment) {
        String first = SENTENCE_END.split(SqlText.oneLine(comment), 2)[0];
        String[] words = first.split(" ");
        return words.length <= COMMENT_WORDS ? first : String.join(" ", Arrays.copyOf(words, COMMENT_WORDS)) + " …";
    }
}
