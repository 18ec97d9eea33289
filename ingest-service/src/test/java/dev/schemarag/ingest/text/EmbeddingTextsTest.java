package dev.schemarag.ingest.text;

import static dev.schemarag.ingest.text.LeaveRequestsFixture.ANNOTATIONS;
import static dev.schemarag.ingest.text.LeaveRequestsFixture.TABLE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.SchemaCatalog;
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
}
