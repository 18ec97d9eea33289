package dev.schemarag.generation.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QuestionEmbeddingsTest {
    private static final String QUESTION = "How many employees are in each department?";

    private final FakeEmbeddingModel model = new FakeEmbeddingModel();
    private final QuestionEmbeddings embeddings = new QuestionEmbeddings(model);

    @Test
    void aVectorTheExamplesModelComputedIsUsedAsItIsWithoutCallingTheModel() {
        float[] carried = new FakeEmbeddingModel().embed("the vector retrieval computed");

        float[] vector = embeddings.of(QUESTION, Optional.of(new QuestionVector(FakeEmbeddingModel.ID, carried)));

        assertThat(vector).containsExactly(carried);
        assertThat(model.embedded).isEmpty();
    }

    @Test
    void withoutACarriedVectorTheQuestionIsEmbedded() {
        float[] vector = embeddings.of(QUESTION, Optional.empty());

        assertThat(vector).containsExactly(new FakeEmbeddingModel().embed(QUESTION));
        assertThat(model.embedded).containsExactly(QUESTION);
    }

    @Test
    void aVectorOfAnotherModelIsNeverComparedWithTheExamples() {
        float[] otherModels = new FakeEmbeddingModel("other-8").embed(QUESTION);

        float[] vector = embeddings.of(QUESTION, Optional.of(new QuestionVector("other-8", otherModels)));

        assertThat(vector).containsExactly(new FakeEmbeddingModel().embed(QUESTION));
        assertThat(model.embedded).containsExactly(QUESTION);
    }

    @Test
    void aVectorOfAnotherDimensionUnderTheSameModelIdIsNotUsed() {
        float[] vector =
                embeddings.of(QUESTION, Optional.of(new QuestionVector(FakeEmbeddingModel.ID, new float[] {1f, 0f})));

        assertThat(vector).hasSize(8);
        assertThat(model.embedded).containsExactly(QUESTION);
    }
}
