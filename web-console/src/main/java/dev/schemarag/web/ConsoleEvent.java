package dev.schemarag.web;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.schemarag.core.questions.OutcomeView;
import java.util.Map;

/**
 * One committed record of a watched topic, as the event stream and the page show it.
 *
 * @param type      answer, failure, schema_change or catalog_update
 * @param timestamp the record's Kafka timestamp, epoch milliseconds
 * @param data      the record's fields a dashboard needs (never original bytes)
 * @param outcome   for answers and failures, the question's outcome; else null
 */
public record ConsoleEvent(
        String type,
        String topic,
        int partition,
        long offset,
        long timestamp,
        Map<String, Object> data,
        @JsonIgnore OutcomeView outcome) {}
