package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.events.QuestionAsked;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * Bytes that are not a readable record are a {@link SerializationException}; a registry that cannot be reached is a
 * {@link SchemaRegistryUnavailableException} (retriable), whatever the record: the two must never be confused.
 */
class RegistryOutageClassificationTest {
    private static final String TOPIC = "questions";
    private static final Schema OTHER = SchemaBuilder.record("Other")
            .namespace("dev.schemarag.events")
            .fields()
            .requiredLong("count")
            .endRecord();

    private final InMemorySchemaRegistry store = new InMemorySchemaRegistry();
    private final OutageSimulatingSchemaRegistry registry = new OutageSimulatingSchemaRegistry(store);
    private final AvroSerde<QuestionAsked> writer = AvroSerde.forValue(QuestionAsked.class, store);
    private final AvroSerde<QuestionAsked> reader = AvroSerde.forValue(QuestionAsked.class, registry);

    @Test
    void everyKindOfMalformedBytesIsASerializationException() throws IOException {
        for (byte[] bytes : malformed()) {
            assertThatThrownBy(() -> reader.deserialize(TOPIC, bytes))
                    .as("%s", Arrays.toString(Arrays.copyOf(bytes, Math.min(bytes.length, 8))))
                    .isInstanceOf(SerializationException.class)
                    .isNotInstanceOf(RetriableException.class);
        }
    }

    @Test
    void aValidRecordWhoseSchemaMustBeFetchedDuringAnOutageIsUnavailableNotMalformed() {
        byte[] valid = writer.serialize(TOPIC, question());
        registry.down();

        assertThatThrownBy(() -> reader.deserialize(TOPIC, valid))
                .isInstanceOf(SchemaRegistryUnavailableException.class)
                .isInstanceOf(RetriableException.class);

        registry.up();
        assertThat(reader.deserialize(TOPIC, valid)).isEqualTo(question());
    }

    @Test
    void aRecordWhoseSchemaMustBeRegisteredDuringAnOutageIsUnavailableNotUnserializable() {
        AvroSerde<QuestionAsked> serde = AvroSerde.forValue(QuestionAsked.class, registry);
        registry.down();

        assertThatThrownBy(() -> serde.serialize(TOPIC, question()))
                .isInstanceOf(SchemaRegistryUnavailableException.class);
    }

    @Test
    void bytesWithAnUnknownSchemaIdCannotBeJudgedDuringAnOutage() {
        byte[] unknownId = ConfluentWireFormat.frame(4242, new byte[] {2, 65});
        registry.down();

        assertThatThrownBy(() -> reader.deserialize(TOPIC, unknownId))
                .isInstanceOf(SchemaRegistryUnavailableException.class);
    }

    @Test
    void malformedBytesThatNeedNoRegistryAreStillMalformedDuringAnOutage() {
        byte[] valid = writer.serialize(TOPIC, question());
        reader.deserialize(TOPIC, valid); // the writer schema is now known to the reader
        registry.down();

        for (byte[] bytes : new byte[][] {
            new byte[0], {1, 0, 0, 0, 1, 2}, {0, 0, 0}, Arrays.copyOf(valid, 12),
        }) {
            assertThatThrownBy(() -> reader.deserialize(TOPIC, bytes)).isInstanceOf(SerializationException.class);
        }
    }

    @Test
    void knownSchemasNeedNoRegistry() {
        byte[] valid = writer.serialize(TOPIC, question());
        AvroSerde<QuestionAsked> serde = AvroSerde.forValue(QuestionAsked.class, registry);
        serde.serialize(TOPIC, question());
        serde.deserialize(TOPIC, valid);
        registry.down();

        assertThat(serde.deserialize(TOPIC, valid)).isEqualTo(question());
        assertThat(serde.serialize(TOPIC, question())).isEqualTo(valid);
    }

    /** Random bytes, a wrong magic byte, an unknown schema id, truncated Avro, another schema, an empty value. */
    private byte[][] malformed() throws IOException {
        byte[] random = new byte[64];
        new Random(11).nextBytes(random);
        byte[] valid = writer.serialize(TOPIC, question());
        byte[] wrongMagic = valid.clone();
        wrongMagic[0] = 1;
        int otherId = store.register("other-value", OTHER);
        GenericRecord other = new GenericData.Record(OTHER);
        other.put("count", 3L);
        return new byte[][] {
            random,
            wrongMagic,
            ConfluentWireFormat.frame(4242, Arrays.copyOfRange(valid, ConfluentWireFormat.HEADER_LENGTH, valid.length)),
            Arrays.copyOf(valid, valid.length / 2),
            ConfluentWireFormat.frame(otherId, avro(OTHER, other)),
            new byte[0],
        };
    }

    private static QuestionAsked question() {
        return QuestionAsked.newBuilder()
                .setId("q-1")
                .setDatabaseId("erp")
                .setQuestion("How many orders shipped in May?")
                .setCorrelationId("c-1")
                .setTimestamp(Instant.ofEpochMilli(1_700_000_000_000L))
                .build();
    }

    private static byte[] avro(Schema schema, GenericRecord record) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<GenericRecord>(schema).write(record, encoder);
        encoder.flush();
        return out.toByteArray();
    }
}
