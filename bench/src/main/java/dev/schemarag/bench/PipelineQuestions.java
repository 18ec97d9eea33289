package dev.schemarag.bench;

import dev.schemarag.events.QuestionAsked;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.Serializer;

/** The questions of one {@code bench pipeline} measurement: distinct texts, each with an id of this run. */
final class PipelineQuestions implements QuestionProducer.QuestionSource {
    private final String runId;
    private final String databaseId;
    private final List<String> texts;
    private final Serializer<QuestionAsked> serializer;
    private final String topic;

    PipelineQuestions(
            String runId, String databaseId, List<String> texts, Serializer<QuestionAsked> serializer, String topic) {
        this.runId = runId;
        this.databaseId = databaseId;
        this.texts = List.copyOf(texts);
        this.serializer = serializer;
        this.topic = topic;
    }

    @Override
    public ChaosQuestions.Question next(int index, Instant now) {
        if (index >= texts.size())
            throw new IllegalStateException("only " + texts.size() + " distinct questions were prepared");
        String id = runId + "-" + index;
        byte[] bytes = serializer.serialize(topic, ChaosQuestions.asked(id, databaseId, texts.get(index), now));
        return new ChaosQuestions.Question(id, ChaosQuestions.Kind.VALID, bytes);
    }
}
