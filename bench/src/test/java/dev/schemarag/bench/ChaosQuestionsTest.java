package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.avro.ConfluentWireFormat;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SchemaChanged;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChaosQuestionsTest {
    private final InMemorySchemaRegistry registry = new InMemorySchemaRegistry();
    private final AvroSerde<QuestionAsked> questions = AvroSerde.forValue(QuestionAsked.class, registry);
    private final AvroSerde<SchemaChanged> changes = AvroSerde.forValue(SchemaChanged.class, registry);
    private final int questionSchemaId = ConfluentWireFormat.unframe("q", questions.serialize("q", question("probe")))
            .schemaId();
    private final ChaosQuestions factory =
            new ChaosQuestions("erp", "How many employees?", questionSchemaId, otherSchemaRecord(), "run", 7);

    @Test
    void everyTenthQuestionIsMalformedCyclingThroughTheSixWays() {
        Map<ChaosQuestions.Kind, Integer> counts = new EnumMap<>(ChaosQuestions.Kind.class);
        for (int i = 0; i < 600; i++) counts.merge(ChaosQuestions.kindOf(i), 1, Integer::sum);
        assertThat(counts.get(ChaosQuestions.Kind.VALID)).isEqualTo(540);
        for (ChaosQuestions.Kind kind : ChaosQuestions.Kind.values())
            if (kind.malformed()) assertThat(counts.get(kind)).as(kind.name()).isEqualTo(10);
    }

    @Test
    void aValidQuestionIsFramedWithTheLearntSchemaIdAndReadsBack() {
        ChaosQuestions.Question q = factory.next(0, Instant.EPOCH);
        QuestionAsked read = questions.deserialize("q", q.bytes());
        assertThat(q.id()).isEqualTo("run-0");
        assertThat(read.getId()).isEqualTo("run-0");
        assertThat(read.getCorrelationId()).isEqualTo("run-0");
        assertThat(read.getDatabaseId()).isEqualTo("erp");
    }

    @Test
    void malformedBytesCannotBeReadAsAQuestion() {
        for (ChaosQuestions.Kind kind : List.of(
                ChaosQuestions.Kind.RANDOM_BYTES,
                ChaosQuestions.Kind.WRONG_SCHEMA_ID,
                ChaosQuestions.Kind.TRUNCATED_AVRO,
                ChaosQuestions.Kind.MISSING_FIELDS)) {
            byte[] bytes = factory.next(indexOf(kind), Instant.EPOCH).bytes();
            assertThatThrownBy(() -> questions.deserialize("q", bytes))
                    .as(kind.name())
                    .isInstanceOf(RuntimeException.class);
            assertThat(kind.expectedClass()).isEqualTo(ErrorClass.MALFORMED_EVENT);
            assertThat(kind.expectedTopic()).isEqualTo(DeadLetterTopic.RETRIEVAL);
        }
    }

    @Test
    void readableButInvalidQuestionsNameAnUnknownDatabaseOrNoQuestion() {
        QuestionAsked unknown = questions.deserialize(
                "q",
                factory.next(indexOf(ChaosQuestions.Kind.UNKNOWN_DATABASE), Instant.EPOCH)
                        .bytes());
        QuestionAsked empty = questions.deserialize(
                "q",
                factory.next(indexOf(ChaosQuestions.Kind.EMPTY_QUESTION), Instant.EPOCH)
                        .bytes());
        assertThat(unknown.getDatabaseId()).isNotEqualTo("erp");
        assertThat(empty.getQuestion()).isEmpty();
        assertThat(ChaosQuestions.Kind.UNKNOWN_DATABASE.expectedClass()).isEqualTo(ErrorClass.UNKNOWN_DATABASE);
        assertThat(ChaosQuestions.Kind.EMPTY_QUESTION.expectedClass()).isEqualTo(ErrorClass.INVALID_REQUEST);
    }

    @Test
    void randomBytesNeverStartWithTheWireFormatsMagicByte() {
        List<byte[]> all = new ArrayList<>();
        for (int i = 0; i < 600; i++)
            if (ChaosQuestions.kindOf(i) == ChaosQuestions.Kind.RANDOM_BYTES)
                all.add(factory.next(i, Instant.EPOCH).bytes());
        assertThat(all).isNotEmpty().allSatisfy(b -> assertThat(b[0]).isNotEqualTo(ConfluentWireFormat.MAGIC_BYTE));
    }

    private static int indexOf(ChaosQuestions.Kind kind) {
        for (int i = 0; ; i++) if (ChaosQuestions.kindOf(i) == kind) return i;
    }

    private static QuestionAsked question(String id) {
        return QuestionAsked.newBuilder()
                .setId(id)
                .setDatabaseId("erp")
                .setQuestion("q")
                .setCorrelationId(id)
                .setTimestamp(Instant.EPOCH)
                .build();
    }

    private byte[] otherSchemaRecord() {
        return changes.serialize(
                "changes",
                SchemaChanged.newBuilder()
                        .setDatabaseId("erp")
                        .setSchema$("public")
                        .setTable("t")
                        .setChangeKind(ChangeKind.OTHER)
                        .setCommandTag("COMMENT")
                        .setSourcePosition("0/0")
                        .setTimestamp(Instant.EPOCH)
                        .build());
    }
}
