package dev.schemarag.core.embedding;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Adapter: a 384-d sentence model run in-process by onnxruntime from an ONNX file shipped inside a Maven artifact
 * (LangChain4j's quantized models). No model hub is contacted.
 *
 * <p>One intra-op thread per inference and a two-thread executor for batches: on two cores that beat onnxruntime's
 * defaults by ~60%, because the defaults oversubscribe the cores. A text within the model's window is tokenized once
 * ({@link OneWindowEncoder}); LangChain4j's encoder, which tokenizes each text three times, gets only longer ones.
 */
public final class OnnxEmbeddingModel implements EmbeddingModel {

    /**
     * The models this adapter knows. Both the schema index and verified examples default to all-MiniLM: better table
     * recall on the retrieval benchmark and half the query latency, and a question embedded once serves both.
     */
    public enum Choice {
        BGE_SMALL_EN_V15(
                "bge-small-en-v1.5-q",
                "bge-small-en-v1.5-q.onnx",
                "bge-small-en-v1.5-q-tokenizer.json",
                PoolingMode.CLS,
                "Represent this sentence for searching relevant passages: "),
        ALL_MINILM_L6_V2(
                "all-minilm-l6-v2-q",
                "all-minilm-l6-v2-q.onnx",
                "all-minilm-l6-v2-q-tokenizer.json",
                PoolingMode.MEAN,
                "");

        final String id;
        final String modelResource;
        final String tokenizerResource;
        final PoolingMode pooling;
        /** The model card's instruction for retrieval queries (empty for symmetric models). */
        final String queryInstruction;

        Choice(
                String id,
                String modelResource,
                String tokenizerResource,
                PoolingMode pooling,
                String queryInstruction) {
            this.id = id;
            this.modelResource = modelResource;
            this.tokenizerResource = tokenizerResource;
            this.pooling = pooling;
            this.queryInstruction = queryInstruction;
        }

        public String id() {
            return id;
        }

        /** Whether the model's ONNX file and tokenizer are on the classpath, without loading them. */
        public boolean present() {
            ClassLoader loader = OnnxEmbeddingModel.class.getClassLoader();
            return loader.getResource(modelResource) != null && loader.getResource(tokenizerResource) != null;
        }

        public static Choice byId(String id) {
            for (Choice c : values()) if (c.id.equalsIgnoreCase(id) || c.name().equalsIgnoreCase(id)) return c;
            throw new IllegalArgumentException(
                    "unknown embedding model '" + id + "'; known: bge-small-en-v1.5-q, all-minilm-l6-v2-q");
        }
    }

    private static final int DIMENSION = 384;
    private final Choice choice;
    private final OneWindowEncoder encoder;
    /** LangChain4j's encoder, for the texts longer than the model's window. */
    private final BatchingModel model;

    private OnnxEmbeddingModel(Choice choice) {
        this.choice = choice;
        OrtSession session = session(choice);
        this.encoder = oneWindowEncoder(choice, session);
        this.model = new BatchingModel(load(choice, session));
    }

    public static OnnxEmbeddingModel load(String modelId) {
        return new OnnxEmbeddingModel(Choice.byId(modelId));
    }

    /** The default model of the schema index. */
    public static OnnxEmbeddingModel schemaIndexDefault() {
        return new OnnxEmbeddingModel(Choice.ALL_MINILM_L6_V2);
    }

    /** The default model of the verified-example store: the schema index's, so retrieval's question vector serves both. */
    public static OnnxEmbeddingModel examplesDefault() {
        return new OnnxEmbeddingModel(Choice.ALL_MINILM_L6_V2);
    }

    @Override
    public String modelId() {
        return choice.id;
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public float[] embed(String text) {
        return encoded(text).orElseGet(() -> model.embed(text).content().vector());
    }

    @Override
    public float[] embedQuery(String query) {
        return embed(choice.queryInstruction + query);
    }

    @Override
    public String queryVectorsId() {
        return choice.queryInstruction.isEmpty() ? choice.id : choice.id + "+query-instruction";
    }

    /** Each text on the two embedding threads; the few longer than the model's window after them, split. */
    @Override
    public List<float[]> embedAll(List<String> texts) {
        if (texts.isEmpty()) return List.of();
        List<CompletableFuture<Optional<float[]>>> futures = texts.stream()
                .map(text -> CompletableFuture.supplyAsync(() -> encoded(text), BatchingModel.EXECUTOR))
                .toList();
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            vectors.add(futures.get(i)
                    .join()
                    .orElseGet(() -> model.embed(text).content().vector()));
        }
        return vectors;
    }

    private Optional<float[]> encoded(String text) {
        try {
            return encoder.embed(text);
        } catch (OrtException e) {
            throw new IllegalStateException("onnxruntime cannot run model " + choice.id, e);
        }
    }

    private static OrtSession session(Choice choice) {
        try (InputStream modelBytes = resource(choice, choice.modelResource)) {
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            return OrtEnvironment.getEnvironment().createSession(modelBytes.readAllBytes(), options);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model " + choice.id, e);
        } catch (OrtException e) {
            throw new IllegalStateException("onnxruntime cannot load model " + choice.id, e);
        }
    }

    /** The tokenizer as LangChain4j's encoder configures its own: no padding. */
    private static OneWindowEncoder oneWindowEncoder(Choice choice, OrtSession session) {
        try (InputStream tokenizer = resource(choice, choice.tokenizerResource)) {
            return new OneWindowEncoder(
                    OrtEnvironment.getEnvironment(),
                    session,
                    HuggingFaceTokenizer.newInstance(tokenizer, Map.of("padding", "false")),
                    choice.pooling);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tokenizer of model " + choice.id, e);
        } catch (OrtException e) {
            throw new IllegalStateException("onnxruntime cannot load model " + choice.id, e);
        }
    }

    private static OnnxBertBiEncoder load(Choice choice, OrtSession session) {
        try (InputStream tokenizer = resource(choice, choice.tokenizerResource)) {
            return new OnnxBertBiEncoder(OrtEnvironment.getEnvironment(), session, tokenizer, choice.pooling);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tokenizer of model " + choice.id, e);
        }
    }

    private static InputStream resource(Choice choice, String name) {
        InputStream in = OnnxEmbeddingModel.class.getClassLoader().getResourceAsStream(name);
        if (in == null)
            throw new IllegalStateException(
                    "model " + choice.id + " is not on the classpath (its LangChain4j jar is missing)");
        return in;
    }

    /** LangChain4j's encoder over the same session, for texts it must split; its executor runs every text. */
    private static final class BatchingModel extends AbstractInProcessEmbeddingModel {
        private static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "schemarag-embedding");
            t.setDaemon(true);
            return t;
        });
        private final OnnxBertBiEncoder encoder;

        BatchingModel(OnnxBertBiEncoder encoder) {
            super(EXECUTOR);
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }
    }
}
