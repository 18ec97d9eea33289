package dev.schemarag.core.embedding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

/**
 * A question's embedding and the model that computed it, as one stage hands it to the next so that the question is
 * embedded once: retrieval embeds it for the schema index, and generation's verified-example lookup reuses the vector
 * when its own model is the same. On the wire the vector is little-endian IEEE 754 floats.
 */
public record QuestionVector(String modelId, float[] values) {
    /** Far above any sentence model's (384 here): a longer vector on a record is not one of ours. */
    public static final int MAX_DIMENSION = 4096;

    private static final ByteOrder WIRE_ORDER = ByteOrder.LITTLE_ENDIAN;

    public QuestionVector {
        values = values.clone();
    }

    @Override
    public float[] values() {
        return values.clone();
    }

    /** Equal by value, as a record over an array is not by default. */
    @Override
    public boolean equals(Object other) {
        return other instanceof QuestionVector v && modelId.equals(v.modelId) && Arrays.equals(values, v.values);
    }

    @Override
    public int hashCode() {
        return 31 * modelId.hashCode() + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "QuestionVector[" + modelId + ", " + values.length + " dimensions]";
    }

    /**
     * The vector decoded from another process's record, or empty when it cannot be one: not a whole number of finite
     * floats, none, or more than {@value #MAX_DIMENSION}. A record is input like any other, and a malformed vector is
     * treated as none (the reader embeds the question itself); {@link #by} checks that it is its model's.
     */
    public static Optional<QuestionVector> decode(String modelId, ByteBuffer wire) {
        if (modelId == null || wire == null) return Optional.empty();
        int bytes = wire.remaining();
        if (bytes == 0 || bytes % Float.BYTES != 0 || bytes > MAX_DIMENSION * Float.BYTES) return Optional.empty();
        float[] values = new float[bytes / Float.BYTES];
        wire.duplicate().order(WIRE_ORDER).asFloatBuffer().get(values);
        for (float v : values) if (!Float.isFinite(v)) return Optional.empty();
        return Optional.of(new QuestionVector(modelId, values));
    }

    public ByteBuffer encode() {
        ByteBuffer wire = ByteBuffer.allocate(values.length * Float.BYTES).order(WIRE_ORDER);
        wire.asFloatBuffer().put(values);
        return wire;
    }

    /** This vector if {@code model} computed it (same id and dimension), so it can be compared with its vectors. */
    public Optional<float[]> by(EmbeddingModel model) {
        return modelId.equals(model.modelId()) && values.length == model.dimension()
                ? Optional.of(values())
                : Optional.empty();
    }
}
