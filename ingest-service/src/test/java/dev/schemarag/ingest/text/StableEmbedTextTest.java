package dev.schemarag.ingest.text;

import static dev.schemarag.ingest.text.LeaveRequestsFixture.ANNOTATIONS;
import static dev.schemarag.ingest.text.LeaveRequestsFixture.TABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StableEmbedTextTest {
    private final StableEmbedText embedText = new StableEmbedText(GenericColumns.defaults(), 25);

    @Test
    void tableTextListsDescriptionModuleSynonymsKeysThenOtherColumnsGenericLast() {
        assertThat(embedText.table(TABLE, ANNOTATIONS)).isEqualTo("""
                leave_requests: Leave asked for by employees. Approved requests reduce the leave balance.
                Module: HR
                Synonyms: absences, time off
                Key columns: leave_id PK, company_id FK→employees, employee_id FK→employees, \
                approver_id FK→employees.employee_id
                Columns: starts_on, ends_on, reason, status, created_at""");
    }

    @Test
    void tableTextWithoutCommentOrAnnotationsOmitsTheEmptyLines() {
        Table bare = new Table(
                new TableName("public", "tags"),
                false,
                null,
                List.of(new Column("label", "text", false, null, null)),
                List.of(),
                List.of(),
                List.of());

        assertThat(embedText.table(bare, Annotations.empty())).isEqualTo("tags\nColumns: label");
    }

    @Test
    void viewsAndNonPublicSchemasAreNamedInTheFirstLine() {
        Table view = new Table(
                new TableName("sales", "open_orders"),
                true,
                "Orders not yet shipped.",
                List.of(new Column("order_no", "text", false, null, null)),
                List.of(),
                List.of(),
                List.of());

        assertThat(embedText.table(view, Annotations.empty()))
                .isEqualTo("sales.open_orders (view): Orders not yet shipped.\nColumns: order_no");
    }

    @Test
    void longColumnListsAreCappedWithACountOfTheRest() {
        List<Column> columns = IntStream.rangeClosed(1, 5)
                .mapToObj(i -> new Column("c" + i, "int", true, null, null))
                .toList();
        Table wide = new Table(new TableName("public", "wide"), false, null, columns, List.of(), List.of(), List.of());

        assertThat(new StableEmbedText(GenericColumns.defaults(), 3).table(wide, Annotations.empty()))
                .isEqualTo("wide\nColumns: c1, c2, c3 (+2 more)");
    }

    @Test
    void annotationDescriptionRepeatingTheCommentIsNotDuplicated() {
        Annotations same =
                new Annotations(Map.of(), Map.of(), Map.of("leave_requests", "Leave asked for by employees"));

        assertThat(embedText.table(TABLE, same)).startsWith("leave_requests: Leave asked for by employees\n");
    }

    @Test
    void columnTextNamesTypeTableDescriptionAndSynonyms() {
        Column startsOn = TABLE.column("starts_on").orElseThrow();

        assertThat(embedText.column(TABLE, startsOn, ANNOTATIONS)).isEqualTo("""
                leave_requests.starts_on
                Type: date
                Table: leave_requests (Leave asked for by employees. Approved requests reduce the leave balance.)
                Description: First day of leave. Inclusive.
                Synonyms: start date, first day off""");
    }

    @Test
    void columnTextOfAKeyColumnHasAKeyLineAndShortTypeAndOneLineComment() {
        assertThat(embedText.column(TABLE, TABLE.column("approver_id").orElseThrow(), Annotations.empty()))
                .isEqualTo("""
                        leave_requests.approver_id
                        Type: bigint
                        Key: FK→employees.employee_id
                        Table: leave_requests (Leave asked for by employees)""");
        assertThat(embedText.column(TABLE, TABLE.column("reason").orElseThrow(), Annotations.empty()))
                .isEqualTo("""
                        leave_requests.reason
                        Type: varchar(200)
                        Table: leave_requests (Leave asked for by employees)
                        Description: Free text, as typed.""");
    }

    @Test
    void columnTextsNeverContainDefaultValues() {
        String text = embedText.column(TABLE, TABLE.column("status").orElseThrow(), ANNOTATIONS);

        assertThat(text).doesNotContain("pending");
    }

    @Test
    void aCapBelowOneIsRejected() {
        assertThatThrownBy(() -> new StableEmbedText(GenericColumns.defaults(), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxColumns must be at least 1, was 0");
    }
}
