package dev.schemarag.generation.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The offline generator asks the examples store for the asker's examples, never for everyone's. */
class VerifiedExampleGeneratorTest {
    private final List<Asker> asked = new ArrayList<>();
    private final List<Optional<QuestionVector>> vectors = new ArrayList<>();

    /** Serves one example to questions without a principal and none to a principal, as a store filtering by role. */
    private final VerifiedExamples examples = (databaseId, asker, question, questionVector) -> {
        asked.add(asker);
        vectors.add(questionVector);
        return asker.principal().isPresent()
                ? Optional.empty()
                : Optional.of(new VerifiedExample(
                        question, "SELECT base_salary FROM hr.employees", ExampleStatus.DOCUMENTED, 0.95));
    };

    private final VerifiedExampleGenerator generator = new VerifiedExampleGenerator(examples, 0.8);

    @Test
    void theLookupIsTheAskersSoAPrincipalGetsNoExampleItsRoleMayNotRead() {
        GenerationOutcome asSales = generator.generate(request(Asker.of("sales")), deadline());
        GenerationOutcome anonymous = generator.generate(request(Asker.ANONYMOUS), deadline());

        assertThat(asked).containsExactly(Asker.of("sales"), Asker.ANONYMOUS);
        assertThat(asSales).isInstanceOf(GenerationOutcome.Unavailable.class);
        assertThat(anonymous).isInstanceOf(GenerationOutcome.Generated.class);
    }

    @Test
    void theLookupGetsTheQuestionsEmbeddingRetrievalCarriedAndNoneWhenItCarriedNone() {
        QuestionVector carried = new QuestionVector("all-minilm-l6-v2-q", new float[] {0.6f, 0.8f});
        GenerationRequest base = request(Asker.ANONYMOUS);
        GenerationRequest withVector = new GenerationRequest(
                        base.questionId(),
                        base.databaseId(),
                        base.question(),
                        base.asker(),
                        base.evidence(),
                        base.contextPacket(),
                        base.joinHints(),
                        base.docs(),
                        base.avgRelevanceScore(),
                        base.fallbackReason(),
                        base.repair())
                .withQuestionVector(Optional.of(carried));

        generator.generate(withVector, deadline());
        generator.generate(base, deadline());

        assertThat(vectors).containsExactly(Optional.of(carried), Optional.empty());
    }

    private static GenerationRequest request(Asker asker) {
        return new GenerationRequest(
                "q",
                "erp",
                "Average salary by department",
                asker,
                Optional.empty(),
                "packet",
                List.of(),
                List.of(),
                0.9,
                Optional.empty(),
                Optional.empty());
    }

    private static Deadline deadline() {
        return Deadline.after(Duration.ofMinutes(1));
    }
}
