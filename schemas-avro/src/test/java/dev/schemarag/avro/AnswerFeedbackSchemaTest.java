package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FeedbackVerdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.junit.jupiter.api.Test;

/**
 * AnswerFeedback is written by apps and dashboards the pipeline does not release with, so it must stay readable both
 * ways: by today's consumers from tomorrow's producers (new fields, new verdicts) and from the smallest producer.
 * It has no released version yet; once released, add it to {@link ReleasedSchemasCompatibilityTest}.
 */
class AnswerFeedbackSchemaTest {
    private static final Schema CURRENT = AnswerFeedback.getClassSchema();

    /** A later producer's schema: one more verdict and one more optional field. */
    private static final Schema LATER = new Schema.Parser().parse("""
            {"type": "record", "name": "AnswerFeedback", "namespace": "dev.schemarag.events", "fields": [
              {"name": "questionId", "type": "string"},
              {"name": "verdict", "type": {"type": "enum", "name": "FeedbackVerdict", "symbols": ["APPROVE", "REJECT", "ESCALATE"], "default": "REJECT"}},
              {"name": "note", "type": ["null", "string"], "default": null},
              {"name": "actor", "type": ["null", "string"], "default": null},
              {"name": "channel", "type": ["null", "string"], "default": null},
              {"name": "timestamp", "type": {"type": "long", "logicalType": "timestamp-millis"}}
            ]}""");

    /** The smallest producer: only what a verdict cannot do without. */
    private static final Schema MINIMAL = new Schema.Parser().parse("""
            {"type": "record", "name": "AnswerFeedback", "namespace": "dev.schemarag.events", "fields": [
              {"name": "questionId", "type": "string"},
              {"name": "verdict", "type": {"type": "enum", "name": "FeedbackVerdict", "symbols": ["APPROVE", "REJECT"]}},
              {"name": "timestamp", "type": {"type": "long", "logicalType": "timestamp-millis"}}
            ]}""");

    @Test
    void todaysConsumerReadsALaterProducersUnknownVerdictAsRejectNeverAsApprove() throws IOException {
        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(CURRENT, LATER)
                        .getType())
                .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
        GenericRecord escalated = new GenericData.Record(LATER);
        escalated.put("questionId", "q-1");
        escalated.put(
                "verdict", new GenericData.EnumSymbol(LATER.getField("verdict").schema(), "ESCALATE"));
        escalated.put("channel", "dashboard");
        escalated.put("timestamp", 0L);

        AnswerFeedback read = read(LATER, escalated);

        assertThat(read.getQuestionId()).isEqualTo("q-1");
        assertThat(read.getVerdict()).isEqualTo(FeedbackVerdict.REJECT);
    }

    @Test
    void todaysConsumerReadsTheSmallestProducerWithoutNoteOrActor() throws IOException {
        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(CURRENT, MINIMAL)
                        .getType())
                .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
        GenericRecord approved = new GenericData.Record(MINIMAL);
        approved.put("questionId", "q-2");
        approved.put(
                "verdict",
                new GenericData.EnumSymbol(MINIMAL.getField("verdict").schema(), "APPROVE"));
        approved.put("timestamp", 0L);

        AnswerFeedback read = read(MINIMAL, approved);

        assertThat(read.getVerdict()).isEqualTo(FeedbackVerdict.APPROVE);
        assertThat(read.getNote()).isNull();
        assertThat(read.getActor()).isNull();
    }

    private static AnswerFeedback read(Schema writer, GenericRecord record) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new GenericDatumWriter<GenericRecord>(writer).write(record, encoder);
        encoder.flush();
        TrustedAvroPackages.trust(AnswerFeedback.class); // as AvroSerde does for the class it reads into
        return new SpecificDatumReader<AnswerFeedback>(writer, CURRENT)
                .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
    }
}
