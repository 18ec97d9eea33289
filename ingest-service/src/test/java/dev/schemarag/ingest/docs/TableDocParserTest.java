package dev.schemarag.ingest.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableDocParserTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");
    private static final TableName DEPARTMENTS = new TableName("public", "departments");
    private static final TableName LEAVE_REQUESTS = new TableName("public", "leave_requests");

    private final TableDocParser parser = new TableDocParser("public", Set.of(EMPLOYEES, DEPARTMENTS));

    @Test
    void givenNoTableHeading_thenTheDocIsMalformed() {
        assertThat(parser.parse("## Purpose\nNo heading.\n"))
                .isEqualTo(new DocParseResult.Malformed("no '# Table: <name>' heading"));
    }

    @Test
    void givenAnotherFirstHeading_thenTheDocIsMalformed() {
        assertThat(parser.parse("# Employees\n## Purpose\nx\n"))
                .isEqualTo(
                        new DocParseResult.Malformed("first heading '# Employees' (line 1) is not '# Table: <name>'"));
    }

    @Test
    void givenTwoTables_thenTheDocIsMalformed() {
        assertThat(parser.parse("# Table: employees\n\n# Table: departments\n"))
                .isEqualTo(new DocParseResult.Malformed(
                        "more than one top-level heading (lines 1 and 3); one file documents one table"));
    }

    @Test
    void givenAnUnterminatedFence_thenTheDocIsMalformedAtTheOpeningLine() {
        String markdown = "# Table: employees\n## Common Queries\n### Query Pattern: All\n```sql\nSELECT 1\n";

        assertThat(parser.parse(markdown))
                .isEqualTo(new DocParseResult.Malformed("unterminated ``` code fence opened at line 4"));
    }

    @Test
    void givenAHeadingInsideCode_thenItIsCodeNotStructure() {
        String markdown = """
                # Table: employees
                ## Examples
                ```
                # Table: departments
                ```
                """;

        List<DocChunk> chunks = parsed(markdown);

        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(ChunkKind.EXAMPLE);
            assertThat(c.content()).isEqualTo("Examples for employees\n# Table: departments");
        });
    }

    @Test
    void aTildeFenceIsCodeToo() {
        String markdown = """
                # Table: employees
                ## Examples
                ~~~
                # Table: departments
                ```
                ~~~
                """;

        assertThat(parsed(markdown)).singleElement().satisfies(c -> assertThat(c.content())
                .isEqualTo("Examples for employees\n# Table: departments\n```"));
    }

    @Test
    void aFourBacktickFenceEnclosesAThreeBacktickOne() {
        String markdown = """
                # Table: employees
                ## Common Queries
                ### Query Pattern: All
                ````sql
                SELECT * FROM employees
                ```
                ## Not a heading
                ````
                """;

        DocChunk query = parsed(markdown).get(0);

        assertThat(query.query()).hasValueSatisfying(q -> assertThat(q.sql())
                .isEqualTo("SELECT * FROM employees\n```\n## Not a heading"));
    }

    @Test
    void aShorterFenceDoesNotCloseALongerOne() {
        String markdown = "# Table: employees\n## Examples\n````\nSELECT 1\n```\n";

        assertThat(parser.parse(markdown))
                .isEqualTo(new DocParseResult.Malformed("unterminated ```` code fence opened at line 3"));
    }

    @Test
    void anUnterminatedTildeFenceIsMalformed() {
        assertThat(parser.parse("# Table: employees\n## Examples\n~~~\nx\n"))
                .isEqualTo(new DocParseResult.Malformed("unterminated ~~~ code fence opened at line 3"));
    }

    @Test
    void aQualifiedTableHeadingKeepsItsSchema() {
        assertThat(parser.parse("# Table: hr.employees\n"))
                .isEqualTo(new DocParseResult.Parsed(new TableName("hr", "employees"), List.of()));
    }

    @Test
    void sqlReferencesOnlyRelateKnownTablesAndNeverTheTableItself() {
        String markdown = """
                # Table: employees
                ## Common Queries
                ### Query Pattern: With payroll
                ```sql
                WITH p AS (SELECT * FROM payroll) SELECT * FROM employees JOIN Departments USING (department_id) JOIN p USING (employee_id)
                ```
                """;

        DocChunk query = parsed(markdown).get(0);

        assertThat(query.relatedTables()).containsExactly(DEPARTMENTS);
    }

    @Test
    void aQueryPatternWithoutSqlIsTextWithoutAnExample() {
        String markdown = "# Table: employees\n## Common Queries\n### Query Pattern: Ask HR\n**Use case:** Anything.\n";

        DocChunk query = parsed(markdown).get(0);

        assertThat(query.content()).isEqualTo("Query pattern on employees: Ask HR\nUse case: Anything.");
        assertThat(query.query()).isEmpty();
    }

    @Test
    void fieldsMayPutTheColonOutsideTheBoldAndHeadingsWithoutAColumnNameAreIgnored() {
        String markdown = """
                # Table: employees
                ## Columns
                ###
                - **Type**: text
                ### hire_date
                - **Type**: date
                """;

        assertThat(parsed(markdown))
                .extracting(DocChunk::content)
                .containsExactly("Column employees.hire_date\nType: date");
    }

    @Test
    void tableOfReadsTheHeadingOnly() {
        assertThat(TableDocParser.tableOf("# Table: `leave_requests`\nanything", "public"))
                .contains(LEAVE_REQUESTS);
        assertThat(TableDocParser.tableOf("no heading", "public")).isEqualTo(Optional.empty());
    }

    private List<DocChunk> parsed(String markdown) {
        return ((DocParseResult.Parsed) parser.parse(markdown)).chunks();
    }
}
