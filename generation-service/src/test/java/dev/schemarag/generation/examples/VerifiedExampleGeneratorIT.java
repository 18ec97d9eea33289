package dev.schemarag.generation.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The offline generator on the real pgvector store, seeded from a stored Common Queries doc chunk. */
class VerifiedExampleGeneratorIT {
    private static final String STORE_DB = "generation_examples_it";

    private static Database store;
    private static VerifiedExampleGenerator generator;
    private static VerifiedExampleStore examples;
    private static EmbeddingModel model;
    /** The examples' model before all-MiniLM became the default. */
    private static final EmbeddingModel BGE = OnnxEmbeddingModel.load("bge-small-en-v1.5-q");

    @BeforeAll
    static void seed() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(STORE_DB);
        String url = stack.postgres().jdbcUrl(STORE_DB);
        Flyway.configure()
                .dataSource(url, stack.postgres().user(), stack.postgres().password())
                .locations("filesystem:"
                        + Path.of("../core/src/main/resources/db/migration").toAbsolutePath())
                .load()
                .migrate();
        store = new Database(url, stack.postgres().user(), stack.postgres().password());
        model = OnnxEmbeddingModel.examplesDefault();
        String chunk = "Query pattern on hr.employees: Number of employees per department\nSQL:\n"
                + "SELECT e.department_id, count(*) FROM hr.employees e GROUP BY e.department_id";
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement("""
                INSERT INTO doc_chunks (database_id, schema_name, table_name, chunk_kind, chunk_index, token_estimate, content, text_hash, embedding)
                VALUES ('hr', 'hr', 'employees', 'query', 0, 20, ?, 'h', ?::vector)
                ON CONFLICT ON CONSTRAINT doc_chunks_entity DO NOTHING""")) {
            ps.setString(1, chunk);
            ps.setString(2, java.util.Arrays.toString(model.embed(chunk)));
            ps.executeUpdate();
        }
        examples = new VerifiedExampleStore(store, model);
        assertThat(examples.seedFromDocs("hr")).isEqualTo(1);
        generator = new VerifiedExampleGenerator(examples, VerifiedExampleGenerator.DEFAULT_THRESHOLD);
    }

    @AfterAll
    static void close() {
        if (store != null) store.close();
    }

    private static GenerationRequest ask(String question) {
        return new GenerationRequest(
                "q",
                "hr",
                question,
                Asker.ANONYMOUS,
                Optional.empty(),
                "packet",
                List.of(),
                List.of(),
                0.9,
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void aParaphraseOfADocumentedQueryIsAnsweredWithItsSql() {
        GenerationOutcome outcome = generator.generate(
                ask("How many employees are in each department?"), Deadline.after(Duration.ofMinutes(1)));

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Generated.class, g -> {
            assertThat(g.sql().sql())
                    .isEqualTo("SELECT e.department_id, count(*) FROM hr.employees e GROUP BY e.department_id");
            assertThat(g.sql().generator()).isEqualTo("verified_example");
            assertThat(g.sql().tablesUsed()).containsExactly("hr.employees");
            assertThat(g.sql().confidence()).isGreaterThanOrEqualTo(VerifiedExampleGenerator.DEFAULT_THRESHOLD);
        });
    }

    @Test
    void anAnswerWithTheDocumentedWordingNeitherReplacesTheDocumentedQueryNorIsServed() throws Exception {
        examples.validated(
                "q-" + java.util.UUID.randomUUID(),
                "hr",
                "Number of employees per department",
                "SELECT count(*) FROM hr.employees e");
        assertThat(examples.seedFromDocs("hr")).isEqualTo(1);

        GenerationOutcome outcome = generator.generate(
                ask("How many employees are in each department?"), Deadline.after(Duration.ofMinutes(1)));

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Generated.class, g -> {
            assertThat(g.sql().sql())
                    .isEqualTo("SELECT e.department_id, count(*) FROM hr.employees e GROUP BY e.department_id");
            assertThat(g.sql().explanation()).startsWith("Verified documented example for: ");
        });
    }

    @Test
    void anUnreviewedAnswerIsNeverServedHoweverCloseItIs() throws Exception {
        examples.validated(
                "q-" + java.util.UUID.randomUUID(),
                "hr",
                "Which employees earn more than their manager?",
                "SELECT e.employee_id FROM hr.employees e");

        assertThat(generator.generate(
                        ask("Which employees earn more than their manager?"), Deadline.after(Duration.ofMinutes(1))))
                .isInstanceOf(GenerationOutcome.Unavailable.class);
    }

    @Test
    void anUnrelatedQuestionIsUnavailableRatherThanGuessed() {
        GenerationOutcome outcome = generator.generate(
                ask("Which suppliers shipped late last winter?"), Deadline.after(Duration.ofMinutes(1)));

        assertThat(outcome).isInstanceOfSatisfying(GenerationOutcome.Unavailable.class, u -> assertThat(u.reason())
                .contains("no verified example is similar enough"));
    }

    @Test
    void anotherDatabasesExamplesAreNeverUsed() {
        GenerationRequest other = new GenerationRequest(
                "q",
                "erp",
                "How many employees are in each department?",
                Asker.ANONYMOUS,
                Optional.empty(),
                "packet",
                List.of(),
                List.of(),
                0.9,
                Optional.empty(),
                Optional.empty());

        assertThat(generator.generate(other, Deadline.after(Duration.ofMinutes(1))))
                .isInstanceOf(GenerationOutcome.Unavailable.class);
    }

    @Test
    void examplesEmbeddedByAnotherModelAreNeverCompared() throws Exception {
        String question = "How many employees are in each department?";
        assertThat(examples.nearest("hr", Asker.ANONYMOUS, question)).isPresent();

        VerifiedExampleStore otherModel = new VerifiedExampleStore(store, BGE);
        assertThat(otherModel.nearest("hr", Asker.ANONYMOUS, question)).isEmpty();
    }

    @Test
    void theVectorRetrievalCarriedIsComparedAsTheStoreWouldHaveEmbeddedTheQuestion() throws Exception {
        String question = "How many employees are in each department?";
        VerifiedExample embeddedHere =
                examples.nearest("hr", Asker.ANONYMOUS, question).orElseThrow();

        VerifiedExample carried = examples.nearest(
                        "hr",
                        Asker.ANONYMOUS,
                        question,
                        Optional.of(new QuestionVector(model.modelId(), model.embed(question))))
                .orElseThrow();

        assertThat(carried.sql()).isEqualTo(embeddedHere.sql());
        assertThat(carried.similarity()).isCloseTo(embeddedHere.similarity(), within(1e-6));
    }

    @Test
    void anApprovedAnswerAnotherModelEmbeddedIsEmbeddedAgainAndServedAfterAModelChange() throws Exception {
        // A database of its own: the approved answer must not answer the other tests' questions.
        String database = "hr-model-change";
        String id = "q-" + java.util.UUID.randomUUID();
        String question = "Which employees have the highest base salary?";
        String sql = "SELECT e.employee_id FROM hr.employees e ORDER BY e.base_salary DESC";
        VerifiedExampleStore before = new VerifiedExampleStore(store, BGE);
        before.validated(id, database, question, sql);
        before.review(id, FeedbackVerdict.APPROVE, null, "it");
        assertThat(examples.nearest(database, Asker.ANONYMOUS, question).map(VerifiedExample::sql))
                .isNotEqualTo(Optional.of(sql));

        assertThat(examples.reembedAnswers()).isPositive();

        assertThat(examples.nearest(database, Asker.ANONYMOUS, question)).hasValueSatisfying(e -> {
            assertThat(e.sql()).isEqualTo(sql);
            assertThat(e.similarity()).isGreaterThan(0.99);
        });
        assertThat(examples.reembedAnswers())
                .as("nothing is left to embed again")
                .isZero();
        assertThat(before.nearest(database, Asker.ANONYMOUS, question).map(VerifiedExample::sql))
                .as("the old model's vector is gone")
                .isNotEqualTo(Optional.of(sql));
    }
}
