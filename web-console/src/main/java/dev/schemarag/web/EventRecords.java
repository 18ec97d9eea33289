package dev.schemarag.web;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.events.SchemaChanged;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Turns the watched topics' records into {@link ConsoleEvent}s: decoding, the fields shown, and freshness — the time
 * the updater indexed a table ({@code updatedAt}) minus the commit time of its last schema change, what a DBA waits for.
 * (Record timestamps would not do: Kafka Streams gives an output the timestamp of its input.)
 */
final class EventRecords {
    /** Tables whose last change is remembered for freshness: enough for bursts, bounded for hostile ones. */
    private static final int REMEMBERED_CHANGES = 10_000;

    private final Topics topics;
    private final Map<String, DeadLetterTopic> deadLetters = new HashMap<>();
    private final Map<String, Long> changeCommittedAt = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED_CHANGES;
        }
    };

    EventRecords(Topics topics) {
        this.topics = topics;
        for (DeadLetterTopic dlq : DeadLetterTopic.values())
            deadLetters.put(topics.deadLetter(dlq).name(), dlq);
    }

    List<String> topicNames() {
        List<String> names = new ArrayList<>(List.of(
                topics.answers().name(),
                topics.results().name(),
                topics.schemaChanges().name(),
                topics.schemaCatalog().name()));
        names.addAll(deadLetters.keySet());
        return names;
    }

    /** The event, or empty for a record this console does not show or cannot decode (it stays on its topic). */
    Optional<ConsoleEvent> toEvent(ConsumerRecord<byte[], byte[]> r) {
        try {
            return Optional.ofNullable(decode(r));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private ConsoleEvent decode(ConsumerRecord<byte[], byte[]> r) {
        String topic = r.topic();
        Map<String, Object> data = new LinkedHashMap<>();
        String type;
        OutcomeView outcome = null;
        if (topic.equals(topics.answers().name())) {
            AnswerValidated a = topics.answers().valueSerde().deserializer().deserialize(topic, r.value());
            type = "answer";
            data.put("id", a.getCorrelationId());
            data.put("databaseId", a.getDatabaseId());
            data.put("confidence", a.getConfidence());
            data.put("tablesUsed", a.getTablesUsed());
            data.put("attempts", a.getAttempts());
            data.put("execute", a.getExecute());
            // The answer whose SQL the answer cache served again, when it did.
            if (a.getCachedFrom() != null) data.put("cachedFrom", a.getCachedFrom());
            // An executed answer's outcome is its result, with the rows: this record only announces it.
            if (!a.getExecute()) outcome = OutcomeView.answered(a.getCorrelationId(), a);
        } else if (topic.equals(topics.results().name())) {
            QueryResult q = topics.results().valueSerde().deserializer().deserialize(topic, r.value());
            OutcomeView.Answered answered = OutcomeView.answered(q.getCorrelationId(), q);
            type = "result";
            data.put("id", q.getCorrelationId());
            data.put("databaseId", q.getDatabaseId());
            data.put("columns", answered.columns());
            data.put("rowCount", q.getRowCount());
            data.put("truncated", q.getTruncated());
            data.put("executionMs", q.getExecutionMs());
            data.put("executedAs", q.getExecutedAs());
            outcome = answered;
        } else if (deadLetters.containsKey(topic)) {
            FailureRecord f = topics.deadLetter(deadLetters.get(topic))
                    .valueSerde()
                    .deserializer()
                    .deserialize(topic, r.value());
            type = "failure";
            String key = r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8);
            data.put("id", f.getCorrelationId() != null ? f.getCorrelationId() : key);
            data.put("deadLetterTopic", deadLetters.get(topic).wireName());
            data.put("errorClass", f.getErrorClass());
            data.put("stage", f.getStage());
            data.put("sqlstate", f.getSqlstate());
            data.put("message", f.getMessage());
            data.put("attempts", f.getAttempt());
            outcome = OutcomeView.failed((String) data.get("id"), f);
        } else if (topic.equals(topics.schemaChanges().name())) {
            SchemaChanged c = topics.schemaChanges().valueSerde().deserializer().deserialize(topic, r.value());
            type = "schema_change";
            changeCommittedAt.put(
                    c.getDatabaseId() + "/" + c.getSchema$() + "." + c.getTable(),
                    c.getTimestamp().toEpochMilli());
            data.put("databaseId", c.getDatabaseId());
            data.put("table", c.getSchema$() + "." + c.getTable());
            data.put("column", c.getColumn());
            data.put("changeKind", c.getChangeKind().name());
            data.put("committedAt", c.getTimestamp().toEpochMilli());
        } else if (topic.equals(topics.schemaCatalog().name())) {
            type = "catalog_update";
            String table = r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8);
            if (r.value() == null) {
                data.put("key", table);
                data.put("dropped", true);
            } else {
                SchemaCatalogEntry e =
                        topics.schemaCatalog().valueSerde().deserializer().deserialize(topic, r.value());
                String name = e.getSchema$() + "." + e.getTable();
                data.put("databaseId", e.getDatabaseId());
                data.put("table", name);
                data.put("columns", e.getColumns().size());
                data.put("dropped", false);
                Long committed = changeCommittedAt.remove(e.getDatabaseId() + "/" + name);
                data.put(
                        "freshnessMs",
                        committed == null ? null : Math.max(0, e.getUpdatedAt().toEpochMilli() - committed));
            }
        } else return null;
        return new ConsoleEvent(type, topic, r.partition(), r.offset(), r.timestamp(), data, outcome);
    }
}
