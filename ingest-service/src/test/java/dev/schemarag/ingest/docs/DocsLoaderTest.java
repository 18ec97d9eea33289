package dev.schemarag.ingest.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemarag.core.schema.TableName;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsLoaderTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");
    private static final TableName DEPARTMENTS = new TableName("public", "departments");
    private static final TableName LEAVE_REQUESTS = new TableName("public", "leave_requests");

    @Test
    void givenADocsDirectory_thenEveryMarkdownFileLoadsInNameOrder() throws Exception {
        DocsLoadResult result = DocsLoader.load(resource("docs/erp"), "public");

        assertThat(result.skipped()).isEmpty();
        assertThat(result.docs()).extracting(TableDoc::table).containsExactly(DEPARTMENTS, EMPLOYEES);
        assertThat(result.chunks()).hasSize(11);
    }

    @Test
    void theFullDocYieldsChunksOfEveryKindInDocumentOrder() throws Exception {
        List<DocChunk> chunks = employeesDoc().chunks();

        assertThat(chunks)
                .extracting(DocChunk::index, DocChunk::kind, DocChunk::column)
                .containsExactly(
                        tuple(0, ChunkKind.OVERVIEW, Optional.empty()),
                        tuple(1, ChunkKind.COLUMN, Optional.of("employee_id")),
                        tuple(2, ChunkKind.COLUMN, Optional.of("first_name")),
                        tuple(3, ChunkKind.COLUMN, Optional.of("department_id")),
                        tuple(4, ChunkKind.COLUMN, Optional.of("hire_date")),
                        tuple(5, ChunkKind.QUERY, Optional.empty()),
                        tuple(6, ChunkKind.QUERY, Optional.empty()),
                        tuple(7, ChunkKind.RELATIONSHIP, Optional.empty()),
                        tuple(8, ChunkKind.EXAMPLE, Optional.empty()));
        assertThat(chunks).allSatisfy(c -> {
            assertThat(c.table()).isEqualTo(EMPLOYEES);
            assertThat(c.tokenEstimate()).isEqualTo((c.content().length() + 3) / 4);
        });
    }

    @Test
    void theOverviewJoinsPurposeBusinessContextAndNotesAndRelatesToEveryTable() throws Exception {
        DocChunk overview = employeesDoc().chunks().get(0);

        assertThat(overview.content()).isEqualTo("""
                Table employees
                Purpose: Everyone on the payroll, one row per person.
                Business context: HR owns this table. Payroll and leave management read it daily.
                Notes: Terminated employees stay in the table.""");
        assertThat(overview.relatedTables()).containsExactly(DEPARTMENTS, LEAVE_REQUESTS);
        assertThat(overview.keywords()).startsWith("employees", "payroll");
    }

    @Test
    void aColumnChunkKeepsKnownAndUnknownFieldsAndJoinsContinuationLines() throws Exception {
        DocChunk column = employeesDoc().chunks().get(3);

        assertThat(column.content()).isEqualTo("""
                Column employees.department_id
                Type: bigint
                Description: Department the employee works in.
                Nullable: yes
                Notes: Null while onboarding.
                Owner: HR systems team""");
        assertThat(column.relatedTables()).containsExactly(DEPARTMENTS);
        assertThat(employeesDoc().chunks().get(2).content())
                .contains("Description: Legal first name, as printed on the contract.");
    }

    @Test
    void aQueryChunkKeepsNameSqlUseCaseAndReturnsAsAnExample() throws Exception {
        DocChunk query = employeesDoc().chunks().get(5);
        String sql = """
                SELECT d.name, count(*) AS headcount
                FROM employees e
                JOIN departments d ON d.department_id = e.department_id
                GROUP BY d.name;""";

        assertThat(query.query())
                .contains(new QueryExample(
                        "Headcount by department",
                        sql,
                        "Staffing reports per department.",
                        "One row per department with its headcount."));
        assertThat(query.content()).isEqualTo("""
                Query pattern on employees: Headcount by department
                Use case: Staffing reports per department.
                Returns: One row per department with its headcount.
                SQL:
                """ + sql);
        assertThat(query.relatedTables()).containsExactly(DEPARTMENTS);
        assertThat(query.keywords()).doesNotContain("select", "from", "join", "sql");
    }

    @Test
    void theDocListsItsQueryExamplesInOrder() throws Exception {
        assertThat(employeesDoc().queryExamples())
                .extracting(QueryExample::name)
                .containsExactly("Headcount by department", "Recent hires");
    }

    @Test
    void relationshipBulletsRelateTheirBoldTableNames() throws Exception {
        DocChunk relationships = employeesDoc().chunks().get(7);

        assertThat(relationships.content()).isEqualTo("""
                Relationships of employees
                - departments (many-to-one via department_id): the department an employee works in.
                - leave_requests (one-to-many): leave an employee asked for.
                - Many-to-many links are not modelled here.""");
        assertThat(relationships.relatedTables()).containsExactly(DEPARTMENTS, LEAVE_REQUESTS);
    }

    @Test
    void givenKnownTables_thenSqlRelatesOnlyToThose() throws Exception {
        DocsLoadResult result = DocsLoader.load(resource("docs/erp"), "public", Set.of(EMPLOYEES));

        DocChunk example = result.docs().get(1).chunks().get(8);

        assertThat(example.kind()).isEqualTo(ChunkKind.EXAMPLE);
        assertThat(example.relatedTables()).isEmpty();
    }

    @Test
    void givenMalformedAndDuplicateFiles_thenTheyAreSkippedWithReasonsAndTheRestLoads() throws Exception {
        Path dir = resource("docs/mixed");

        DocsLoadResult result = DocsLoader.load(dir, "public");

        assertThat(result.docs()).extracting(TableDoc::source).containsExactly(dir.resolve("a_departments.md"));
        assertThat(result.skipped())
                .containsExactly(
                        new SkippedDoc(dir.resolve("b_no_heading.md"), "no '# Table: <name>' heading"),
                        new SkippedDoc(dir.resolve("c_open_fence.md"), "unterminated ``` code fence opened at line 6"),
                        new SkippedDoc(
                                dir.resolve("d_departments_again.md"),
                                "table public.departments is already documented by "
                                        + dir.resolve("a_departments.md")));
    }

    @Test
    void givenAFileThatIsNotUtf8_thenItIsSkipped(@TempDir Path dir) throws IOException {
        Path latin1 = Files.write(dir.resolve("latin1.md"), new byte[] {'#', ' ', (byte) 0xE9});

        assertThat(DocsLoader.load(dir, "public").skipped()).containsExactly(new SkippedDoc(latin1, "not valid UTF-8"));
    }

    @Test
    void givenNoDirectory_thenNothingLoads(@TempDir Path dir) {
        DocsLoadResult result = DocsLoader.load(dir.resolve("absent"), "public");

        assertThat(result.docs()).isEmpty();
        assertThat(result.skipped()).isEmpty();
    }

    private static TableDoc employeesDoc() throws URISyntaxException {
        return DocsLoader.load(resource("docs/erp"), "public").docs().get(1);
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(DocsLoaderTest.class.getClassLoader().getResource(name).toURI());
    }
}
