package dev.schemarag.ingest.text;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import java.util.List;

/**
 * Builds the {@link EntityTexts} of tables: what gets stored, hashed, embedded and shown to the generator. The stored
 * text is whole; the embedded one is fitted to the budget, a date suffix of the table's name generalised. The hash is
 * the stored text's, so a description's cut part still counts as a change (lexical search reads it), and a budget
 * change alone re-embeds nothing.
 */
public final class EmbeddingTexts {
    private final GenericColumns genericColumns;
    private final StableEmbedText embedText;
    private final EmbedTextBudget budget;

    public EmbeddingTexts(GenericColumns genericColumns, int maxColumnsInTableText, EmbedTextBudget budget) {
        this.genericColumns = genericColumns;
        this.embedText = new StableEmbedText(genericColumns, maxColumnsInTableText);
        this.budget = budget;
    }

    /** The default generic columns and column cap, under {@code budget}. */
    public static EmbeddingTexts withBudget(EmbedTextBudget budget) {
        return new EmbeddingTexts(GenericColumns.defaults(), StableEmbedText.DEFAULT_MAX_COLUMNS, budget);
    }

    public static EmbeddingTexts defaults() {
        return withBudget(new EmbedTextBudget(EmbedTextBudget.DEFAULT_MAX_TOKENS));
    }

    public List<EntityTexts> of(SchemaCatalog catalog, Annotations annotations) {
        return catalog.tables().stream().map(t -> of(t, annotations)).toList();
    }

    public EntityTexts of(Table table, Annotations annotations) {
        String tableText = embedText.table(table, annotations);
        List<ColumnText> columns = table.columns().stream()
                .map(c -> columnText(table, c, annotations))
                .toList();
        return new EntityTexts(
                table.name(),
                tableText,
                TextHash.sha256(tableText),
                embedText.embeddedTable(table, annotations),
                CompactSchema.of(table),
                columns);
    }

    private ColumnText columnText(Table table, Column column, Annotations annotations) {
        String text = embedText.column(table, column, annotations);
        return new ColumnText(
                column.name(),
                text,
                TextHash.sha256(text),
                genericColumns.isGeneric(table.name(), column.name()),
                embedText.embeddedColumn(table, column, annotations, budget));
    }
}
