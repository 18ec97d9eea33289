package dev.schemarag.core.embedding;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A BERT sentence encoder's vector of a text that fits its window: tokenized once, run, pooled and normalised — what
 * LangChain4j's {@code OnnxBertBiEncoder} computes for such a text, less the two further tokenizations it spends on
 * it (it rebuilds the sentence from the tokens and tokenizes that again to check the round trip). A longer text is
 * left to that encoder, which splits it and averages the parts.
 */
final class OneWindowEncoder {
    /** 510 tokens and the two special ones, as LangChain4j splits. */
    private static final int WINDOW = 512;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final PoolingMode pooling;
    private final boolean typeIds;

    OneWindowEncoder(
            OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer, PoolingMode pooling)
            throws OrtException {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
        this.pooling = pooling;
        Set<String> inputs = session.getInputNames();
        this.typeIds = inputs.contains("token_type_ids");
    }

    /** The text's unit vector; empty when its tokens exceed the window. */
    Optional<float[]> embed(String text) throws OrtException {
        Encoding encoding = tokenizer.encode(text, true, false);
        long[] ids = encoding.getIds();
        if (ids.length > WINDOW) return Optional.empty();
        long[] shape = {1, ids.length};
        try (OnnxTensor inputIds = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
                OnnxTensor mask =
                        OnnxTensor.createTensor(environment, LongBuffer.wrap(encoding.getAttentionMask()), shape);
                OnnxTensor types =
                        OnnxTensor.createTensor(environment, LongBuffer.wrap(encoding.getTypeIds()), shape)) {
            Map<String, OnnxTensor> inputs = new HashMap<>();
            inputs.put("input_ids", inputIds);
            inputs.put("attention_mask", mask);
            if (typeIds) inputs.put("token_type_ids", types);
            try (OrtSession.Result result = session.run(inputs)) {
                float[][] tokens = ((float[][][]) result.get(0).getValue())[0];
                return Optional.of(unit(pooling == PoolingMode.CLS ? tokens[0] : mean(tokens)));
            }
        }
    }

    /** The mean of every token's vector, the special tokens included (one text, no padding: all are attended). */
    private static float[] mean(float[][] tokens) {
        float[] mean = new float[tokens[0].length];
        for (float[] token : tokens) for (int j = 0; j < mean.length; j++) mean[j] += token[j];
        for (int j = 0; j < mean.length; j++) mean[j] /= tokens.length;
        return mean;
    }

    private static float[] unit(float[] vector) {
        float sumSquare = 0;
        for (float v : vector) sumSquare += v * v;
        float norm = (float) Math.sqrt(sumSquare);
        float[] unit = new float[vector.length];
        for (int i = 0; i < vector.length; i++) unit[i] = vector[i] / norm;
        return unit;
    }
}
