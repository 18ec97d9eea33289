package dev.schemarag.core.kafka;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.avro.SchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.ExampleInvalidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.events.SqlGenerated;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The one registry of SchemaRAG's topics: name, key serde (String) and Avro value serde (Confluent wire format
 * through the schema registry). Built once from a name prefix, so tests isolate themselves by prefix.
 */
public final class Topics {
    public static final String DEFAULT_PREFIX = "schemarag.";

    private static final String QUESTION_ID = "the question id";

    private final String prefix;
    private final Topic<String, QuestionAsked> questions;
    private final Topic<String, SchemaChanged> schemaChanges;
    private final Topic<String, SchemaCatalogEntry> schemaCatalog;
    private final Topic<String, ContextRetrieved> contextRetrieved;
    private final Topic<String, SqlGenerated> sqlGenerated;
    private final Topic<String, AnswerValidated> answers;
    private final Topic<String, QueryResult> results;
    private final Topic<String, AnswerFeedback> feedback;
    private final Topic<String, ExampleInvalidated> examplesInvalidated;
    private final Map<DeadLetterTopic, Topic<String, FailureRecord>> deadLetters = new EnumMap<>(DeadLetterTopic.class);

    public Topics(String prefix, SchemaRegistry registry) {
        this.prefix = prefix;
        questions = topic("questions", QuestionAsked.class, registry, false, QUESTION_ID);
        schemaChanges = topic("schema-changes", SchemaChanged.class, registry, false, "<database id>.<schema>.<table>");
        schemaCatalog = topic(
                "schema.catalog",
                SchemaCatalogEntry.class,
                registry,
                true,
                "<database id>.<schema>.<table>; a null value (tombstone) removes the table");
        contextRetrieved = topic("context-retrieved", ContextRetrieved.class, registry, false, QUESTION_ID);
        sqlGenerated = topic("sql-generated", SqlGenerated.class, registry, false, QUESTION_ID);
        answers = topic("answers", AnswerValidated.class, registry, false, QUESTION_ID);
        results = topic("results", QueryResult.class, registry, false, QUESTION_ID);
        feedback = topic("feedback", AnswerFeedback.class, registry, false, QUESTION_ID);
        examplesInvalidated =
                topic("examples.invalidated", ExampleInvalidated.class, registry, false, "<database id>.<example id>");
        for (DeadLetterTopic dlq : DeadLetterTopic.values())
            deadLetters.put(
                    dlq,
                    topic(
                            "dlq." + dlq.wireName(),
                            FailureRecord.class,
                            registry,
                            false,
                            "the key of the record that failed (the question id for questions)"));
    }

    private <V extends SpecificRecord> Topic<String, V> topic(
            String suffix, Class<V> type, SchemaRegistry registry, boolean compacted, String keyMeaning) {
        Serde<V> values = AvroSerde.forValue(type, registry);
        return new Topic<>(prefix + suffix, Serdes.String(), type, values, compacted, keyMeaning);
    }

    public String prefix() {
        return prefix;
    }

    public Topic<String, QuestionAsked> questions() {
        return questions;
    }

    public Topic<String, SchemaChanged> schemaChanges() {
        return schemaChanges;
    }

    public Topic<String, SchemaCatalogEntry> schemaCatalog() {
        return schemaCatalog;
    }

    public Topic<String, ContextRetrieved> contextRetrieved() {
        return contextRetrieved;
    }

    public Topic<String, SqlGenerated> sqlGenerated() {
        return sqlGenerated;
    }

    public Topic<String, AnswerValidated> answers() {
        return answers;
    }
    /** The rows of executed answers; they carry data, so the topic keeps them briefly (topic.results.retention.ms). */
    public Topic<String, QueryResult> results() {
        return results;
    }

    /** People's verdicts on validated answers, keyed by question id. */
    public Topic<String, AnswerFeedback> feedback() {
        return feedback;
    }

    /** Examples a schema change quarantined or restored, keyed by {@code <database id>.<example id>}. */
    public Topic<String, ExampleInvalidated> examplesInvalidated() {
        return examplesInvalidated;
    }

    public Topic<String, FailureRecord> deadLetter(DeadLetterTopic which) {
        return deadLetters.get(which);
    }

    /** Every topic, for creating them up front with the right cleanup policy. */
    public List<Topic<String, ?>> all() {
        List<Topic<String, ?>> all = new ArrayList<>(List.of(
                questions,
                schemaChanges,
                schemaCatalog,
                contextRetrieved,
                sqlGenerated,
                answers,
                results,
                feedback,
                examplesInvalidated));
        all.addAll(deadLetters.values());
        return all;
    }
}
