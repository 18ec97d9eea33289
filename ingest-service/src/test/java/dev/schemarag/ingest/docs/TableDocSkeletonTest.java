package dev.schemarag.ingest.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableDocSkeletonTest {
    private static final TableName PATIENTS = new TableName("public", "patients");
    private static final TableName VISITS = new TableName("public", "visits");
    private static final TableName AUDIT = new TableName("audit", "visit_log");
    private static final Table PATIENT_TABLE = new Table(
            PATIENTS,
            false,
            "People treated at the clinic",
            List.of(
                    new Column("patient_id", "integer", false, null, null),
                    new Column("full_name", "text", false, null, "Name as on the insurance card")),
            List.of("patient_id"),
            List.of(),
            List.of());
    private static final Table VISIT_TABLE = new Table(
            VISITS,
            false,
            null,
            List.of(
                    new Column("visit_id", "integer", false, null, null),
                    new Column("patient_id", "integer", false, null, null),
                    new Column("created_at", "timestamp with time zone", true, "now()", null)),
            List.of("visit_id"),
            List.of(new ForeignKey("visits_patient_fk", List.of("patient_id"), PATIENTS, List.of("patient_id"))),
            List.of());
    private static final Table AUDIT_TABLE = new Table(
            AUDIT,
            false,
            null,
            List.of(new Column("visit_id", "integer", false, null, null)),
            List.of(),
            List.of(new ForeignKey("log_visit_fk", List.of("visit_id"), VISITS, List.of("visit_id"))),
            List.of());
    private static final SchemaCatalog CATALOG =
            new SchemaCatalog("clinic", List.of(PATIENT_TABLE, VISIT_TABLE, AUDIT_TABLE));

    @Test
    void theSkeletonParsesAsTheTablesDocWithItsCommentColumnsAndRelationships() {
        String md = TableDocSkeleton.render(VISIT_TABLE, CATALOG, "public");

        assertThat(md)
                .contains("# Table: visits")
                .contains("- **Type:** integer, foreign key to patients")
                .contains("- **Type:** timestamp with time zone, default now()")
                .contains("- **patients** via patient_id")
                .contains("- **audit.visit_log** via visit_id");
        DocParseResult.Parsed parsed =
                (DocParseResult.Parsed) new TableDocParser("public", Set.of(PATIENTS, VISITS, AUDIT)).parse(md);
        assertThat(parsed.table()).isEqualTo(VISITS);
        assertThat(parsed.chunks())
                .extracting(DocChunk::kind)
                .containsOnly(ChunkKind.COLUMN, ChunkKind.RELATIONSHIP)
                .as("no overview without a comment, no query or example chunks from empty sections")
                .doesNotContain(ChunkKind.OVERVIEW, ChunkKind.QUERY, ChunkKind.EXAMPLE);
        assertThat(parsed.chunks()).allSatisfy(c -> assertThat(c.content()).doesNotContain("schemarag db docs"));
    }

    @Test
    void aCommentedTableGetsItsCommentAsPurpose() {
        DocParseResult.Parsed parsed = (DocParseResult.Parsed) new TableDocParser("public", Set.of(PATIENTS, VISITS))
                .parse(TableDocSkeleton.render(PATIENT_TABLE, CATALOG, "public"));

        assertThat(parsed.chunks())
                .filteredOn(c -> c.kind() == ChunkKind.OVERVIEW)
                .singleElement()
                .satisfies(c -> assertThat(c.content()).contains("Purpose: People treated at the clinic"));
        assertThat(parsed.chunks())
                .filteredOn(c -> c.column().equals(Optional.of("full_name")))
                .singleElement()
                .satisfies(c -> assertThat(c.content()).contains("Description: Name as on the insurance card"));
    }

    @Test
    void tablesOutsideTheDefaultSchemaAreWrittenQualified() {
        assertThat(TableDocSkeleton.fileName(AUDIT, "public")).isEqualTo("audit.visit_log.md");
        assertThat(TableDocSkeleton.fileName(VISITS, "public")).isEqualTo("visits.md");
        assertThat(TableDocSkeleton.render(AUDIT_TABLE, CATALOG, "public")).contains("# Table: audit.visit_log");
    }
}
