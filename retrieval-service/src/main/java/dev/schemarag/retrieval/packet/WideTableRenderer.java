package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.retrieval.config.PacketFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes a table whose full definition exceeds a token budget (a warehouse's wide tables, with a comment on every
 * column) with what a query of the question needs in full — its primary key, the columns joining it to the packet's
 * other tables, the columns the question or the column search matched ({@link KeptColumns#of}) — and
 * the other columns by name alone in a trailing comment, as many as the budget leaves room for, saying how many were
 * elided. The model still sees every column it may need by name, without the types and comments of those the
 * question gives no reason to read.
 */
public final class WideTableRenderer {
    static final String NAMED = " -- %d more column%s (types and comments elided): %s";
    static final String CUT = ", and %d more";
    static final String UNNAMED = " -- %d more column%s not shown";

    private WideTableRenderer() {}

    /**
     * @param kept         columns to keep in full besides the primary key
     * @param fullText     the table in {@code format}, as the full renderer writes it
     * @param budgetTokens tokens the table may take; a table within it is written in full
     */
    public static String render(
            Table table, Set<String> kept, String fullText, int budgetTokens, PacketFormat format, SqlDialect dialect) {
        int fullTokens = TokenCounter.count(fullText);
        if (fullTokens <= budgetTokens) return fullText;
        Table narrow = KeptColumns.narrowed(table, kept);
        if (narrow.columns().size() == table.columns().size()) return fullText;
        String text = format == PacketFormat.COMPACT
                ? CompactSchemaRenderer.render(narrow, dialect)
                : CreateTableRenderer.render(narrow, dialect);
        List<String> rest = table.columns().stream()
                .map(Column::name)
                .filter(name -> narrow.column(name).isEmpty())
                .toList();
        String written = text + elided(rest, budgetTokens - TokenCounter.count(text), dialect);
        return TokenCounter.count(written) < fullTokens ? written : fullText;
    }

    /** The trailing comment naming the elided columns in table order, as many as {@code room} tokens hold. */
    static String elided(List<String> rest, int room, SqlDialect dialect) {
        String plural = rest.size() == 1 ? "" : "s";
        List<String> named = new ArrayList<>();
        int used = TokenCounter.count(NAMED.formatted(rest.size(), plural, "") + CUT.formatted(rest.size()));
        for (String name : rest) {
            String identifier = SqlText.identifier(name, dialect);
            used += TokenCounter.count(", " + identifier);
            if (used > room) break;
            named.add(identifier);
        }
        if (named.isEmpty()) return UNNAMED.formatted(rest.size(), plural);
        String list = String.join(", ", named);
        if (named.size() < rest.size()) list += CUT.formatted(rest.size() - named.size());
        return NAMED.formatted(rest.size(), plural, list);
    }
}
