package dev.schemarag.bench;

import dev.schemarag.avro.ConfluentWireFormat;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.events.QuestionAsked;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;

/**
 * The questions of the chaos benchmark, the malformed ones included: every tenth is broken in one of six ways, each
 * with the dead-letter topic and error class it must end in. Questions are framed here with the {@code QuestionAsked}
 * schema id learnt once, so the producer keeps sending while the schema registry is down. Pure: no I/O.
 */
final class ChaosQuestions implements QuestionProducer.QuestionSource {
    /** What a question is; every kind but {@code VALID} must end in the retrieval dead-letter topic. */
    enum Kind {
        VALID(null),
        RANDOM_BYTES(ErrorClass.MALFORMED_EVENT),
        WRONG_SCHEMA_ID(ErrorClass.MALFORMED_EVENT),
        TRUNCATED_AVRO(ErrorClass.MALFORMED_EVENT),
        MISSING_FIELDS(ErrorClass.MALFORMED_EVENT),
        UNKNOWN_DATABASE(ErrorClass.UNKNOWN_DATABASE),
        EMPTY_QUESTION(ErrorClass.INVALID_REQUEST);

        private final ErrorClass expected;

        Kind(ErrorClass expected) {
            this.expected = expected;
        }

        boolean malformed() {
            return this != VALID;
        }

        /** The error class it must be dead-lettered with; null for a valid question. */
        ErrorClass expectedClass() {
            return expected;
        }

        DeadLetterTopic expectedTopic() {
            return malformed() ? DeadLetterTopic.RETRIEVAL : null;
        }
    }

    /** A question as sent: the record key is its id, so even unreadable bytes can be traced to it. */
    record Question(String id, Kind kind, byte[] bytes) {}

    /** No registry assigns this id: the registry hands them out from 1 upwards. */
    static final int UNREGISTERED_SCHEMA_ID = 0x3FFF_FFFF;

    private static final Kind[] MALFORMED =
            Arrays.stream(Kind.values()).filter(Kind::malformed).toArray(Kind[]::new);

    private final String databaseId;
    private final String question;
    private final int questionSchemaId;
    private final byte[] otherSchemaRecord;
    private final String runId;
    private final Random random;
    private final SpecificDatumWriter<QuestionAsked> writer = new SpecificDatumWriter<>(QuestionAsked.class);

    /**
     * @param otherSchemaRecord a record framed with another registered schema, which lacks {@code QuestionAsked}'s
     *     required fields
     */
    ChaosQuestions(
            String databaseId,
            String question,
            int questionSchemaId,
            byte[] otherSchemaRecord,
            String runId,
            long seed) {
        this.databaseId = databaseId;
        this.question = question;
        this.questionSchemaId = questionSchemaId;
        this.otherSchemaRecord = otherSchemaRecord.clone();
        this.runId = runId;
        this.random = new Random(seed);
    }

    /** The kind of question number {@code index}: every tenth is malformed, cycling through the six ways. */
    static Kind kindOf(int index) {
        return index % 10 == 9 ? MALFORMED[(index / 10) % MALFORMED.length] : Kind.VALID;
    }

    @Override
    public Question next(int index, Instant now) {
        String id = runId + "-" + index;
        Kind kind = kindOf(index);
        byte[] bytes =
                switch (kind) {
                    case VALID -> encode(asked(id, databaseId, question, now));
                    case UNKNOWN_DATABASE -> encode(asked(id, "no_such_db_" + runId, question, now));
                    case EMPTY_QUESTION -> encode(asked(id, databaseId, "", now));
                    case RANDOM_BYTES -> randomBytes();
                    case WRONG_SCHEMA_ID ->
                        ConfluentWireFormat.frame(UNREGISTERED_SCHEMA_ID, body(asked(id, databaseId, question, now)));
                    case TRUNCATED_AVRO -> {
                        byte[] whole = encode(asked(id, databaseId, question, now));
                        int header = ConfluentWireFormat.HEADER_LENGTH;
                        yield Arrays.copyOf(whole, header + (whole.length - header) / 3);
                    }
                    case MISSING_FIELDS -> otherSchemaRecord.clone();
                };
        return new Question(id, kind, bytes);
    }

    /** Never the wire format's magic byte first, so no byte pattern can pass for a registered schema id. */
    private byte[] randomBytes() {
        byte[] bytes = new byte[8 + random.nextInt(120)];
        random.nextBytes(bytes);
        bytes[0] = (byte) (1 + random.nextInt(127));
        return bytes;
    }

    static QuestionAsked asked(String id, String databaseId, String question, Instant now) {
        return QuestionAsked.newBuilder()
                .setId(id)
                .setDatabaseId(databaseId)
                .setQuestion(question)
                .setCorrelationId(id)
                .setTimestamp(now)
                .build();
    }

    private byte[] encode(QuestionAsked asked) {
        return ConfluentWireFormat.frame(questionSchemaId, body(asked));
    }

    private byte[] body(QuestionAsked asked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
            writer.write(asked, encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return out.toByteArray();
    }
}
