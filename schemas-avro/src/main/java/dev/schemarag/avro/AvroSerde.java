package dev.schemarag.avro;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Kafka serde for generated Avro classes in the Confluent wire format, with subjects named by the
 * TopicNameStrategy ({@code <topic>-value} / {@code <topic>-key}). The serializer registers the class's
 * schema on first use; the deserializer resolves each writer schema (fetched by id) to the class's schema,
 * so consumers read records written by older or newer compatible producers. Null is a tombstone both ways.
 * Bytes or records that cannot be read or written are a {@link SerializationException}; a registry that cannot be
 * reached is a {@link SchemaRegistryUnavailableException}, passed on as it is: it says nothing about the record.
 */
public final class AvroSerde<T extends SpecificRecord> implements Serde<T> {
    private final Class<T> type;
    private final SchemaRegistry registry;
    private final String subjectSuffix;
    private final SpecificData data;
    private final Schema readerSchema;
    private final SpecificDatumWriter<T> writer;
    private final Map<Integer, DatumReader<T>> readersByWriterId = new ConcurrentHashMap<>();
    /** A schema's id never changes, so a running serde needs the registry only for schemas it has not seen. */
    private final Map<String, Integer> idsByTopic = new ConcurrentHashMap<>();

    private AvroSerde(Class<T> type, SchemaRegistry registry, String subjectSuffix) {
        this.type = type;
        this.registry = registry;
        this.subjectSuffix = subjectSuffix;
        TrustedAvroPackages.trust(type);
        this.data = SpecificData.getForClass(type);
        this.readerSchema = data.getSchema(type);
        this.writer = new SpecificDatumWriter<>(readerSchema, data);
    }

    public static <T extends SpecificRecord> AvroSerde<T> forValue(Class<T> type, SchemaRegistry registry) {
        return new AvroSerde<>(type, registry, "-value");
    }

    public static <T extends SpecificRecord> AvroSerde<T> forKey(Class<T> type, SchemaRegistry registry) {
        return new AvroSerde<>(type, registry, "-key");
    }

    public String subject(String topic) {
        return topic + subjectSuffix;
    }

    public byte[] serialize(String topic, T record) {
        if (record == null) {
            return null;
        }
        int schemaId = registerSchema(topic);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(body, null);
            writer.write(record, encoder);
            encoder.flush();
        } catch (IOException | AvroRuntimeException | NullPointerException | ClassCastException e) {
            // Avro reports a null in a non-nullable field as NullPointerException and a wrong type as
            // ClassCastException.
            throw new SerializationException(
                    "Cannot serialize " + type.getSimpleName() + " for topic " + topic + ": " + e.getMessage(), e);
        }
        return ConfluentWireFormat.frame(schemaId, body.toByteArray());
    }

    public T deserialize(String topic, byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        ConfluentWireFormat.Framed framed = ConfluentWireFormat.unframe(topic, bytes);
        DatumReader<T> reader = readerFor(topic, framed.schemaId());
        try {
            return reader.read(null, DecoderFactory.get().binaryDecoder(framed.body(), null));
        } catch (IOException | AvroRuntimeException | IndexOutOfBoundsException e) {
            throw new SerializationException(
                    "Cannot deserialize " + type.getSimpleName() + " from topic " + topic + " written with schema id "
                            + framed.schemaId() + ": " + e.getMessage(),
                    e);
        }
    }

    @Override
    public Serializer<T> serializer() {
        return this::serialize;
    }

    @Override
    public Deserializer<T> deserializer() {
        return this::deserialize;
    }

    private int registerSchema(String topic) {
        Integer cached = idsByTopic.get(topic);
        if (cached != null) {
            return cached;
        }
        try {
            int id = registry.register(subject(topic), readerSchema);
            idsByTopic.put(topic, id);
            return id;
        } catch (SchemaRegistryException e) {
            throw new SerializationException(
                    "Cannot register the schema of " + type.getSimpleName() + " under subject " + subject(topic) + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private DatumReader<T> readerFor(String topic, int schemaId) {
        DatumReader<T> cached = readersByWriterId.get(schemaId);
        if (cached != null) {
            return cached;
        }
        Schema writerSchema;
        try {
            writerSchema = registry.getById(schemaId);
        } catch (SchemaRegistryException e) {
            String reason = e.errorCode() == SchemaRegistryException.SCHEMA_NOT_FOUND
                    ? "unknown schema id " + schemaId
                    : "cannot fetch schema id " + schemaId;
            throw new SerializationException(
                    "Cannot deserialize " + type.getSimpleName() + " from topic " + topic + ": " + reason + " ("
                            + e.getMessage() + ")",
                    e);
        }
        DatumReader<T> reader = new SpecificDatumReader<>(writerSchema, readerSchema, data);
        readersByWriterId.put(schemaId, reader);
        return reader;
    }
}
