package dev.schemarag.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MySqlQueryTranslationTest {
    private static final Set<String> DATES = Set.of("due_date", "invoice_date", "payment_date");

    @Test
    void concatenationBecomesConcat() {
        assertThat(MySqlQueryTranslation.translate(
                        "SELECT m.first_name || ' ' || m.last_name AS manager, 'it''s' || x FROM employees m", DATES))
                .isEqualTo(
                        "SELECT CONCAT(m.first_name, ' ', m.last_name) AS manager, CONCAT('it''s', x) FROM employees m");
    }

    @Test
    void aFilteredAggregateAggregatesACase() {
        assertThat(MySqlQueryTranslation.translate(
                        "SELECT sum(t.hours) FILTER (WHERE t.is_billable) AS b,"
                                + " count(*) FILTER (WHERE t.status <> 'done') AS open FROM t",
                        DATES))
                .isEqualTo("SELECT sum(CASE WHEN t.is_billable THEN t.hours END) AS b,"
                        + " count(CASE WHEN t.status <> 'done' THEN 1 END) AS open FROM t");
    }

    @Test
    void dateTruncationIsTheFirstDayOfItsUnit() {
        assertThat(MySqlQueryTranslation.translate(
                        "SELECT date_trunc('month', invoice_date)::date AS month, DATE_TRUNC('year', d) FROM i", DATES))
                .isEqualTo("SELECT CAST(DATE_FORMAT(invoice_date, '%Y-%m-01') AS DATE) AS month,"
                        + " CAST(DATE_FORMAT(d, '%Y-01-01') AS DATE) FROM i");
    }

    @Test
    void theDifferenceOfTwoDatesIsTheirDaysAndOtherDifferencesStay() {
        assertThat(MySqlQueryTranslation.translate(
                        "SELECT current_date - i.due_date AS late, avg(p.payment_date - i.invoice_date),"
                                + " i.total_amount - i.amount_paid, i.due_date - 7 FROM i",
                        DATES))
                .isEqualTo("SELECT DATEDIFF(current_date, i.due_date) AS late, avg(DATEDIFF(p.payment_date,"
                        + " i.invoice_date)), i.total_amount - i.amount_paid, i.due_date - 7 FROM i");
    }

    @Test
    void nullsFirstOrLastBecomeAnIsNullSortKey() {
        assertThat(MySqlQueryTranslation.translate(
                        "SELECT 1 FROM d ORDER BY parent.name NULLS FIRST, po.expected_date DESC NULLS LAST", DATES))
                .isEqualTo("SELECT 1 FROM d ORDER BY parent.name IS NULL DESC, parent.name,"
                        + " po.expected_date IS NULL, po.expected_date DESC");
    }

    @Test
    void theDateColumnsAreReadFromTheDdl() {
        assertThat(MySqlQueryTranslation.dateColumns(
                        "CREATE TABLE i (\n    due_date   date NOT NULL,\n    created_at timestamptz,\n"
                                + "    \"Paid On\" date\n);"))
                .containsExactly("due_date");
    }

    @Test
    void aDocumentedQueryReadingARelationTheCopyLacksIsLeftOutWithItsText() {
        String doc = """
                # Table: invoices

                ## Common Queries

                ### Query Pattern: Names
                ```sql
                SELECT c.first_name || c.last_name FROM customers c;
                ```

                **Use case:** names.

                ### Query Pattern: Ageing
                ```sql
                SELECT * FROM v_open_receivables;
                ```

                **Use case:** ageing.

                ## Notes
                Kept.
                """;

        String translated = MySqlQueryTranslation.translateDoc(doc, List.of("customers"), DATES);

        assertThat(translated)
                .contains("SELECT CONCAT(c.first_name, c.last_name) FROM customers c;", "**Use case:** names.")
                .doesNotContain("v_open_receivables", "Ageing", "ageing.")
                .contains("## Notes\nKept.");
    }

    /** The demo's own docs: none of PostgreSQL's spellings the rules cover is left. */
    @Test
    void theDemosDocsAreLeftWithoutPostgresSpellings(@TempDir Path dir) throws IOException {
        Path extracted = DemoDatabase.extract(dir);
        String ddl = Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8);
        Path docs = MySqlQueryTranslation.translateDocs(
                extracted.resolve("docs"),
                dir.resolve("docs-mariadb"),
                MySqlSchemaTranslation.tableNames(ddl),
                MySqlQueryTranslation.dateColumns(ddl));

        List<String> queries;
        try (Stream<Path> files = Files.list(docs)) {
            queries = files.flatMap(f -> MySqlQueryTranslation.documentedQueries(read(f)).stream())
                    .toList();
        }
        assertThat(queries).hasSizeGreaterThan(30);
        assertThat(queries)
                .noneMatch(q -> q.contains("||")
                        || q.contains("::")
                        || q.toUpperCase().contains(" FILTER (")
                        || q.toUpperCase().contains(" NULLS ")
                        || q.contains("date_trunc")
                        || q.contains("current_date - "));
        assertThat(String.join("\n", queries)).contains("DATEDIFF(current_date, i.due_date)", "CONCAT(");
    }

    private static String read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
