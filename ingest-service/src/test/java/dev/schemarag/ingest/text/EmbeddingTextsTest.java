package dev.schemarag.ingest.text;

import static dev.schemarag.ingest.text.LeaveRequestsFixture.ANNOTATIONS;
import static dev.schemarag.ingest.text.LeaveRequestsFixture.TABLE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmbeddingTextsTest {
    private final EmbeddingTexts texts = EmbeddingTexts.defaults();

    @Test
    void entityTextsCarryTableTextItsHashAndTheCompactForm() {
        EntityTexts entity = texts.of(TABLE, ANNOTATIONS);

        assertThat(entity.table()).isEqualTo(LeaveRequestsFixture.LEAVE_REQUESTS);
        assertThat(entity.tableText()).startsWith("leave_requests: Leave asked for by employees.");
        assertThat(entity.tableHash()).isEqualTo(TextHash.sha256(entity.tableText()));
        assertThat(entity.compact()).isEqualTo(CompactSchema.of(TABLE));
    }

    @Test
    void everyColumnGetsTextHashAndGenericFlagInCatalogOrder() {
        List<ColumnText> columns = texts.of(TABLE, ANNOTATIONS).columns();

        assertThat(columns)
                .extracting(ColumnText::column)
                .containsExactly(
                        "leave_id",
                        "company_id",
                        "employee_id",
                        "approver_id",
                        "status",
                        "starts_on",
                        "ends_on",
                        "reason",
                        "created_at");
        assertThat(columns)
                .filteredOn(ColumnText::generic)
                .extracting(ColumnText::column)
                .containsExactly("status", "created_at");
        ColumnText startsOn = columns.get(5);
        assertThat(startsOn.text()).startsWith("leave_requests.starts_on\n");
        assertThat(startsOn.hash()).isEqualTo(TextHash.sha256(startsOn.text()));
    }

    @Test
    void sameInputGivesTheSameHashes() {
        EntityTexts first =
                texts.of(new SchemaCatalog("erp", List.of(TABLE)), ANNOTATIONS).get(0);
        EntityTexts second = EmbeddingTexts.defaults().of(TABLE, ANNOTATIONS);

        assertThat(second).isEqualTo(first);
    }

    @Test
    void aColumnEmbedsItsNamesAndFirstSentencesWithinTheBudgetButStoresItsWholeText() {
        Table table = new Table(
                new TableName("web", "sessions_20240101"),
                false,
                "One day of sessions. Exported nightly from the analytics vendor, one table per day.",
                List.of(new Column(
                        "channel",
                        "text",
                        true,
                        null,
                        "The channel the session came from. Loaded nightly from the CRM system by the finance"
                                + " pipeline. Null when the value was not captured at the time, which is common for"
                                + " records created before 2019.")),
                List.of(),
                List.of(),
                List.of());

        ColumnText column = EmbeddingTexts.withBudget(new EmbedTextBudget(40))
                .of(table, Annotations.empty())
                .columns()
                .get(0);

        assertThat(column.text()).contains("web.sessions_20240101.channel", "created before 2019");
        assertThat(column.hash()).isEqualTo(TextHash.sha256(column.text()));
        assertThat(column.embedText())
                .startsWith("web.sessions_<date>.channel\nType: text\nTable: web.sessions_<date> (One day of sessions.")
                .contains("Description: The channel the session came from.")
                .doesNotContain("created before 2019");
        assertThat(column.embedText().length()).isLessThanOrEqualTo(40 * 4);
    }

    @Test
    void theTablesOfAFamilyEmbedTheSameTexts() {
        EmbeddingTexts texts = EmbeddingTexts.defaults();
        EntityTexts first = texts.of(renamed(TABLE, "events_20240101"), ANNOTATIONS);
        EntityTexts second = texts.of(renamed(TABLE, "events_20240102"), ANNOTATIONS);

        assertThat(second.tableEmbedText()).isEqualTo(first.tableEmbedText());
        assertThat(second.columns())
                .extracting(ColumnText::embedText)
                .isEqualTo(first.columns().stream().map(ColumnText::embedText).toList());
        assertThat(second.tableText()).isNotEqualTo(first.tableText());
    }

    @Test
    void withoutABudgetOrADateTheEmbeddedTextIsTheStoredText() {
        EntityTexts entity = EmbeddingTexts.withBudget(EmbedTextBudget.NONE).of(TABLE, ANNOTATIONS);

        assertThat(entity.tableEmbedText()).isEqualTo(entity.tableText());
        assertThat(entity.columns()).allSatisfy(c -> assertThat(c.embedText()).isEqualTo(c.text()));
    }

    private static Table renamed(Table table, String name) {
        return new Table(
                new TableName("public", name),
                table.view(),
                table.comment(),
                table.columns(),
                table.primaryKey(),
                table.foreignKeys(),
                table.uniqueConstraints());
    }
}
