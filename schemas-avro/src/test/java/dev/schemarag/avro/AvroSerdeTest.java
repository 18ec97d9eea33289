package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.events.QuestionAsked;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroSerdeTest {
    private static final String TOPIC = "questions";
    private final InMemorySchemaRegistry registry = new InMemorySchemaRegistry();
    private final AvroSerde<QuestionAsked> serde = AvroSerde.forValue(QuestionAsked.class, registry);

    @Test
    void aRecordRoundTripsThroughTheWireFormat() {
        QuestionAsked question = question();

        byte[] bytes = serde.serializer().serialize(TOPIC, question);
        QuestionAsked read = serde.deserializer().deserialize(TOPIC, bytes);

        assertThat(read).isEqualTo(question);
    }

    @Test
    void serializedBytesCarryTheRegisteredSchemaId() {
        int otherId = registry.register("other-value", Schema.create(Schema.Type.STRING));

        byte[] bytes = serde.serialize(TOPIC, question());

        int id = ConfluentWireFormat.unframe(TOPIC, bytes).schemaId();
        assertThat(id).isNotEqualTo(otherId);
        assertThat(registry.getById(id)).isEqualTo(QuestionAsked.getClassSchema());
        assertThat(registry.latest("questions-value").id()).isEqualTo(id);
    }

    @Test
    void subjectsFollowTheTopicNameStrategy() {
        assertThat(AvroSerde.forValue(QuestionAsked.class, registry).subject("questions"))
                .isEqualTo("questions-value");
        assertThat(AvroSerde.forKey(QuestionAsked.class, registry).subject("questions"))
                .isEqualTo("questions-key");
    }

    @Test
    void manyRecordsLeaveOneVersionOfTheSubject() {
        serde.serialize(TOPIC, question());
        serde.serialize(TOPIC, question());

        assertThat(registry.subjects()).containsExactly("questions-value");
        assertThat(registry.latest("questions-value").version()).isEqualTo(1);
    }

    @Test
    void nullIsATombstoneBothWays() {
        assertThat(serde.serialize(TOPIC, null)).isNull();
        assertThat(serde.deserialize(TOPIC, null)).isNull();
    }

    @Test
    void anOlderWriterSchemaIsResolvedToTheGeneratedClass() throws IOException {
        Schema older = withoutField(QuestionAsked.getClassSchema(), "evidence");
        int olderId = registry.register("questions-value", older);
        GenericRecord written = new GenericData.Record(older);
        QuestionAsked question = question();
        for (Schema.Field field : older.getFields()) {
            written.put(field.name(), question.get(field.name()));
        }
        written.put("timestamp", question.getTimestamp().toEpochMilli());

        QuestionAsked read = serde.deserialize(TOPIC, ConfluentWireFormat.frame(olderId, avro(older, written)));

        assertThat(read.getQuestion()).isEqualTo("How many orders shipped in May?");
        assertThat(read.getEvidence()).isNull();
    }

    @Test
    void anUnknownSchemaIdIsASerializationExceptionNamingTheId() {
        byte[] bytes = ConfluentWireFormat.frame(99, new byte[] {2, 65});

        assertThatThrownBy(() -> serde.deserialize(TOPIC, bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("unknown schema id 99");
    }

    @Test
    void aTruncatedBodyIsASerializationException() {
        byte[] bytes = serde.serialize(TOPIC, question());
        byte[] truncated = java.util.Arrays.copyOf(bytes, 12);
        int id = ConfluentWireFormat.unframe(TOPIC, bytes).schemaId();

        assertThatThrownBy(() -> serde.deserialize(TOPIC, truncated))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining(
                        "Cannot deserialize QuestionAsked from topic questions written with schema id " + id);
    }

    @Test
    void aRegistryRejectionIsASerializationExceptionCarryingTheRegistryMessage() {
        // QuestionAsked cannot read the registered version: it lacks the question, which has no default.
        registry.register("questions-value", withoutField(QuestionAsked.getClassSchema(), "question"));

        assertThatThrownBy(() -> serde.serialize(TOPIC, question()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("subject questions-value")
                .hasMessageContaining("incompatible with the latest version")
                .hasCauseInstanceOf(SchemaRegistryException.class);
    }

    @Test
    void aRecordMissingARequiredFieldIsASerializationException() {
        QuestionAsked question = question();
        question.setQuestion(null);

        assertThatThrownBy(() -> serde.serialize(TOPIC, question))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("Cannot serialize QuestionAsked for topic questions");
    }

    private static QuestionAsked question() {
        return QuestionAsked.newBuilder()
                .setId("q-1")
                .setDatabaseId("erp")
                .setQuestion("How many orders shipped in May?")
                .setEvidence("shipped means status = 'S'")
                .setRetrievalSettings(Map.of("retrieval.table.topk", "20"))
                .setCorrelationId("c-1")
                .setTimestamp(Instant.ofEpochMilli(1_700_000_000_000L))
                .build();
    }

    private static Schema withoutField(Schema schema, String dropped) {
        return Schema.createRecord(
                schema.getName(),
                schema.getDoc(),
                schema.getNamespace(),
                false,
                schema.getFields().stream()
                        .filter(f -> !f.name().equals(dropped))
                        .map(f -> new Schema.Field(f, f.schema()))
                        .toList());
    }

    private static byte[] avro(Schema schema, GenericRecord record) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<GenericRecord>(schema).write(record, encoder);
        encoder.flush();
        return out.toByteArray();
    }
}
