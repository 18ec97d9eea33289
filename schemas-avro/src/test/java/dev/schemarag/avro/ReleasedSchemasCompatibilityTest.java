package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.events.SqlGenerated;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every event schema must stay BACKWARD compatible with its last released version (src/test/resources/released):
 * consumers on the current schema must read what producers on the released one wrote. When a release ships,
 * copy the .avsc files into a new released/ folder and point {@link #RELEASED} at it.
 */
class ReleasedSchemasCompatibilityTest {
    private static final String RELEASED = "/released/0.1.0/";

    static Stream<Schema> currentSchemas() {
        return Stream.of(
                QuestionAsked.getClassSchema(),
                SchemaChanged.getClassSchema(),
                ContextRetrieved.getClassSchema(),
                SqlGenerated.getClassSchema(),
                AnswerValidated.getClassSchema(),
                FailureRecord.getClassSchema(),
                SchemaCatalogEntry.getClassSchema(),
                RetrievalMetadata.getClassSchema());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("currentSchemas")
    void currentSchemaReadsDataWrittenWithTheReleasedOne(Schema current) throws IOException {
        Schema released = released(current.getName());

        SchemaCompatibility.SchemaPairCompatibility result =
                SchemaCompatibility.checkReaderWriterCompatibility(current, released);

        assertThat(result.getType())
                .as(
                        "%s is no longer BACKWARD compatible with release 0.1.0: %s",
                        current.getName(), result.getResult().getIncompatibilities())
                .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
    }

    /** Parses the released schema together with the released schemas it references. */
    private static Schema released(String name) throws IOException {
        Schema.Parser parser = new Schema.Parser();
        Schema found = null;
        for (String file : List.of(
                "RetrievalMetadata",
                "QuestionAsked",
                "ContextRetrieved",
                "SchemaChanged",
                "SqlGenerated",
                "AnswerValidated",
                "FailureRecord",
                "SchemaCatalogEntry")) {
            try (InputStream in =
                    ReleasedSchemasCompatibilityTest.class.getResourceAsStream(RELEASED + file + ".avsc")) {
                Schema s = parser.parse(in);
                if (s.getName().equals(name)) found = s;
            }
        }
        assertThat(found).as("released schema " + name).isNotNull();
        return found;
    }
}
