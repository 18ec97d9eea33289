package dev.schemarag.avro;

import static dev.schemarag.avro.SchemaRegistryClientTest.quoted;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AvroSerdeTest {
    private static final String TOPIC = "questions";
    private final StubRegistry stub = new StubRegistry()
            .answer("POST /subjects/questions-value/versions", 200, "{\"id\":11}")
            .answer("GET /schemas/ids/11", 200, "{\"schema\":" + quoted(QuestionAsked.getClassSchema().toString()) + "}")
            .answer("GET /schemas/ids/99", 404, "{\"error_code\":40403,\"message\":\"Schema 99 not found\"}");
    private final AvroSerde<QuestionAsked> serde = AvroSerde.forValue(QuestionAsked.class, new SchemaRegistryClient(stub.url()));

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void aRecordRoundTripsThroughTheWireFormat() {
        QuestionAsked question = question();

        byte[] bytes = serde.serializer().serialize(TOPIC, question);
        QuestionAsked read = serde.deserializer().deserialize(TOPIC, bytes);

        assertThat(read).isEqualTo(question);
    }

    @Test
    void serializedBytesCarryTheRegisteredSchemaId() {
        byte[] bytes = serde.serialize(TOPIC, question());

        assertThat(ConfluentWireFormat.unframe(TOPIC, bytes).schemaId()).isEqualTo(11);
    }

    @Test
    void subjectsFollowTheTopicNameStrategy() {
        SchemaRegistryClient client = new SchemaRegistryClient(stub.url());

        assertThat(AvroSerde.forValue(QuestionAsked.class, client).subject("questions")).isEqualTo("questions-value");
        assertThat(AvroSerde.forKey(QuestionAsked.class, client).subject("questions")).isEqualTo("questions-key");
    }

    @Test
    void theSchemaIsRegisteredOnceForManyRecords() {
        serde.serialize(TOPIC, question());
        serde.serialize(TOPIC, question());

        assertThat(stub.count("POST", "/subjects/questions-value/versions")).isEqualTo(1);
    }

    @Test
    void nullIsATombstoneBothWays() {
        assertThat(serde.serialize(TOPIC, null)).isNull();
        assertThat(serde.deserialize(TOPIC, null)).isNull();
    }

    @Test
    void anOlderWriterSchemaIsResolvedToTheGeneratedClass() throws IOException {
        Schema older = withoutField(QuestionAsked.getClassSchema(), "evidence");
        stub.answer("GET /schemas/ids/5", 200, "{\"schema\":" + quoted(older.toString()) + "}");
        GenericRecord written = new GenericData.Record(older);
        QuestionAsked question = question();
        for (Schema.Field field : older.getFields()) {
            written.put(field.name(), question.get(field.name()));
        }
        written.put("timestamp", question.getTimestamp().toEpochMilli());

        QuestionAsked read = serde.deserialize(TOPIC, ConfluentWireFormat.frame(5, avro(older, written)));

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

        assertThatThrownBy(() -> serde.deserialize(TOPIC, truncated))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("Cannot deserialize QuestionAsked from topic questions written with schema id 11");
    }

    @Test
    void aRegistryRejectionIsASerializationExceptionCarryingTheRegistryMessage() {
        stub.answer("POST /subjects/questions-value/versions", 409,
                "{\"error_code\":409,\"message\":\"incompatible with version 1\"}");

        assertThatThrownBy(() -> serde.serialize(TOPIC, question()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("subject questions-value")
                .hasMessageContaining("incompatible with version 1")
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
        return Schema.createRecord(schema.getName(), schema.getDoc(), schema.getNamespace(), false,
                schema.getFields().stream().filter(f -> !f.name().equals(dropped))
                        .map(f -> new Schema.Field(f, f.schema())).toList());
    }

    private static byte[] avro(Schema schema, GenericRecord record) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<GenericRecord>(schema).write(record, encoder);
        encoder.flush();
        return out.toByteArray();
    }
}
