package dev.schemarag.ingest.text;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import java.util.List;

/** Builds the {@link EntityTexts} of tables: what gets embedded, hashed and shown to the generator. */
public final class EmbeddingTexts {
    private final GenericColumns genericColumns;
    private final StableEmbedText embedText;

    public EmbeddingTexts(GenericColumns genericColumns, int maxColumnsInTableText) {
        this.genericColumns = genericColumns;
        this.embedText = new StableEmbedText(genericColumns, maxColumnsInTableText);
    }

    public static EmbeddingTexts defaults() {
        return new EmbeddingTexts(GenericColumns.defaults(), StableEmbedText.DEFAULT_MAX_COLUMNS);
    }

    public List<EntityTexts> of(SchemaCatalog catalog, Annotations annotations) {
        return catalog.tables().stream().map(t -> of(t, annotations)).toList();
    }

    public EntityTexts of(Table table, Annotations annotations) {
        String tableText = embedText.table(table, annotations);
        List<ColumnText> columns = table.columns().stream()
                .map(c -> columnText(table, c, annotations))
                .toList();
        return new EntityTexts(table.name(), tableText, TextHash.sha256(tableText), CompactSchema.of(table), columns);
    }

    private ColumnText columnText(Table table, Column column, Annotations annotations) {
        String text = embedText.column(table, column, annotations);
        return new ColumnText(
                column.name(), text, TextHash.sha256(text), genericColumns.isGeneric(table.name(), column.name()));
    }
}
