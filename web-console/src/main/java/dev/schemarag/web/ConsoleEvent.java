package dev.schemarag.web;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.schemarag.core.questions.OutcomeView;
import java.util.Map;

/**
 * One committed record of a watched topic, as the event stream and the page show it.
 *
 * @param type      answer, result, failure, schema_change or catalog_update
 * @param timestamp the record's Kafka timestamp, epoch milliseconds
 * @param data      the record's fields a dashboard needs (never original bytes, never rows)
 * @param outcome   for what closes a question (an answer not executed, a result, a failure), its outcome; else null
 */
public record ConsoleEvent(
        String type,
        String topic,
        int partition,
        long offset,
        long timestamp,
        Map<String, Object> data,
        @JsonIgnore OutcomeView outcome) {

    /** The event as the stream sends it: what it holds beyond its data (a result's rows) is left behind. */
    ConsoleEvent withoutOutcome() {
        return outcome == null ? this : new ConsoleEvent(type, topic, partition, offset, timestamp, data, null);
    }
}
