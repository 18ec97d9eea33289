package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoSuiteTest {
    @TempDir
    Path dir;

    @Test
    void eachDocumentedQueryOfTheDemoIsAQuestionWithTheTablesItsSqlReads() throws Exception {
        List<RetrievalBenchmark.Question> questions =
                DemoSuite.questions(DemoSuite.extract().resolve("docs"));

        assertThat(questions).hasSizeGreaterThanOrEqualTo(30);
        assertThat(questions).allSatisfy(q -> assertThat(q.goldTables()).isNotEmpty());
        RetrievalBenchmark.Question headcount = questions.stream()
                .filter(q -> q.text().startsWith("Department heads and headcount"))
                .findFirst()
                .orElseThrow();
        assertThat(headcount.goldTables()).containsExactlyInAnyOrder("public.departments", "public.employees");
        assertThat(headcount.dbId()).isEqualTo("public");
    }

    @Test
    void aQueryIsAskedAsItsNameAndUseCaseOnceAndCommonTableExpressionsAreNoTables() throws Exception {
        String pattern = """
                ### Query Pattern: Open totals

                ```sql
                WITH open AS (SELECT * FROM sales.invoices WHERE paid = false)
                SELECT c.name, sum(o.amount) FROM open o JOIN customers c ON c.id = o.customer_id GROUP BY c.name;
                ```

                **Use case:** What each customer still owes.
                """;
        Files.writeString(dir.resolve("a.md"), "# Table: customers\n\n## Common Queries\n\n" + pattern);
        Files.writeString(dir.resolve("b.md"), "# Table: invoices\n\n## Common Queries\n\n" + pattern);
        Files.writeString(dir.resolve("notes.txt"), "not a doc");

        List<RetrievalBenchmark.Question> questions = DemoSuite.questions(dir);

        assertThat(questions).hasSize(1);
        assertThat(questions.get(0).text()).isEqualTo("Open totals: What each customer still owes.");
        assertThat(questions.get(0).goldTables()).containsExactly("public.customers", "sales.invoices");
    }

    @Test
    void aQueryWhoseSqlDoesNotParseIsRefusedRatherThanScoredAgainstNothing() throws Exception {
        Files.writeString(dir.resolve("a.md"), """
                # Table: customers

                ## Common Queries

                ### Query Pattern: Broken

                ```sql
                SELECT FROM WHERE;
                ```
                """);

        assertThatThrownBy(() -> DemoSuite.questions(dir)).hasMessageContaining("does not parse");
    }
}
