package dev.schemarag.core.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tokenizing a text once gives the vectors LangChain4j's own encoder gives, within its window and beyond. */
class OnnxEmbeddingModelTest {
    private static final List<String> TEXTS = List.of(
            "sales.orders_<date>.customer_id\nType: bigint\nKey: FK→customers\nTable: sales.orders_<date> (One row per"
                    + " order.)\nDescription: Who placed the order. Loaded nightly from the ERP.",
            "Café crème, naïve façade — 東京 🚀 [UNK] ##ing don't",
            "revenue_mobile_7d: Revenue of the last 7 days on mobile, in EUR (gross).",
            "word ".repeat(700));

    @Test
    void givesLangChain4jsVectorsForEveryText() {
        OnnxEmbeddingModel model = OnnxEmbeddingModel.schemaIndexDefault();
        AllMiniLmL6V2QuantizedEmbeddingModel reference = new AllMiniLmL6V2QuantizedEmbeddingModel();

        List<float[]> batch = model.embedAll(TEXTS);

        for (int i = 0; i < TEXTS.size(); i++) {
            float[] expected =
                    reference.embed(TextSegment.from(TEXTS.get(i))).content().vector();
            assertThat(batch.get(i)).as("text %d in a batch", i).containsExactly(expected, within(1e-5f));
            assertThat(model.embed(TEXTS.get(i))).as("text %d alone", i).containsExactly(expected, within(1e-5f));
        }
    }
}
