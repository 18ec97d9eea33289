package dev.schemarag.bench;

import dev.schemarag.events.QuestionAsked;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The questions of one {@code bench pipeline} measurement, each with an id of this run: distinct texts, or with
 * {@link #withRepeats} some of them asked again.
 */
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

    /**
     * {@code measured} with the share {@code fraction} of its questions replaced by questions of {@code earlier}, which
     * were answered before the measurement (the warm-up): the repeats are spread evenly (question {@code i} is one
     * when {@code floor((i + 1) * fraction)} exceeds {@code floor(i * fraction)}) and take the earlier questions in
     * turn. The same lists give the same questions.
     */
    static List<String> withRepeats(List<String> earlier, List<String> measured, double fraction) {
        if (fraction < 0 || fraction > 1)
            throw new IllegalArgumentException("--repeat-fraction must be within [0, 1], not " + fraction);
        if (fraction > 0 && earlier.isEmpty())
            throw new IllegalArgumentException("--repeat-fraction needs warm-up questions to repeat");
        List<String> texts = new ArrayList<>(measured.size());
        int repeats = 0;
        for (int i = 0; i < measured.size(); i++) {
            boolean repeat = Math.floor((i + 1) * fraction) > Math.floor(i * fraction);
            texts.add(repeat ? earlier.get(repeats++ % earlier.size()) : measured.get(i));
        }
        return texts;
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
