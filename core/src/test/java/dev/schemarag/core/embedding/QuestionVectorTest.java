package dev.schemarag.core.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionVectorTest {
    private static final float[] VALUES = {0.6f, -0.8f, 0f, 1e-7f};

    @Test
    void aVectorSurvivesTheWireExactly() {
        ByteBuffer wire = new QuestionVector("m", VALUES).encode();

        assertThat(wire.remaining()).isEqualTo(16);
        assertThat(QuestionVector.decode("m", wire).orElseThrow().values()).containsExactly(VALUES);
        assertThat(wire.remaining()).as("decoding reads a copy of the buffer").isEqualTo(16);
    }

    @Test
    void theWireIsLittleEndianFloats() {
        ByteBuffer wire = new QuestionVector("m", new float[] {1f}).encode();

        assertThat(wire.order(ByteOrder.LITTLE_ENDIAN).getFloat(0)).isEqualTo(1f);
        assertThat(wire.array()).containsExactly(0, 0, (byte) 0x80, 0x3f);
    }

    @Test
    void aVectorOfNoWholeFloatsOrTooLongOrNotFiniteOrWithoutItsModelIsNone() {
        assertThat(QuestionVector.decode("m", ByteBuffer.allocate(0))).isEmpty();
        assertThat(QuestionVector.decode("m", ByteBuffer.allocate(17))).isEmpty();
        assertThat(QuestionVector.decode("m", ByteBuffer.allocate((QuestionVector.MAX_DIMENSION + 1) * 4)))
                .isEmpty();
        assertThat(QuestionVector.decode("m", ByteBuffer.allocate(QuestionVector.MAX_DIMENSION * 4)))
                .isPresent();
        assertThat(QuestionVector.decode("m", new QuestionVector("m", new float[] {0f, Float.NaN, 0f, 0f}).encode()))
                .isEmpty();
        assertThat(QuestionVector.decode(
                        "m", new QuestionVector("m", new float[] {Float.POSITIVE_INFINITY, 0f, 0f, 0f}).encode()))
                .isEmpty();
        assertThat(QuestionVector.decode(null, new QuestionVector("m", VALUES).encode()))
                .isEmpty();
        assertThat(QuestionVector.decode("m", null)).isEmpty();
    }

    @Test
    void onlyTheModelThatComputedItCanUseIt() {
        QuestionVector vector = new QuestionVector("model-a", VALUES);

        assertThat(vector.by(new Model("model-a", 4)))
                .hasValueSatisfying(v -> assertThat(v).containsExactly(VALUES));
        assertThat(vector.by(new Model("model-b", 4))).isEmpty();
        assertThat(vector.by(new Model("model-a", 8))).isEmpty();
    }

    @Test
    void vectorsAreEqualByModelAndValues() {
        assertThat(new QuestionVector("m", VALUES))
                .isEqualTo(new QuestionVector("m", VALUES.clone()))
                .hasSameHashCodeAs(new QuestionVector("m", VALUES.clone()))
                .isNotEqualTo(new QuestionVector("n", VALUES))
                .isNotEqualTo(new QuestionVector("m", new float[] {0.6f, -0.8f, 0f, 0f}));
    }

    @Test
    void theValuesCannotBeChangedFromOutside() {
        float[] source = VALUES.clone();
        QuestionVector vector = new QuestionVector("m", source);
        source[0] = 9f;
        vector.values()[1] = 9f;

        assertThat(vector.values()).containsExactly(VALUES);
    }

    private record Model(String modelId, int dimension) implements EmbeddingModel {
        @Override
        public float[] embed(String text) {
            throw new UnsupportedOperationException("never embeds");
        }

        @Override
        public List<float[]> embedAll(List<String> texts) {
            throw new UnsupportedOperationException("never embeds");
        }
    }
}
