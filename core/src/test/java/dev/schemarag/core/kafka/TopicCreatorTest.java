package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.Settings;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

class TopicCreatorTest {
    private final Topics topics = new Topics("creator.", new InMemorySchemaRegistry());

    @Test
    void theResultsTopicCarriesDataAndKeepsItOnlyAsLongAsConfigured() {
        TopicSettings layout = TopicSettings.from(Settings.of(Map.of("topic.results.retention.ms", "3600000")));

        assertThat(TopicCreator.configs(topics.results(), topics, layout))
                .containsEntry(TopicConfig.RETENTION_MS_CONFIG, "3600000");
        assertThat(TopicCreator.configs(topics.results(), topics, TopicSettings.DEFAULTS))
                .containsEntry(TopicConfig.RETENTION_MS_CONFIG, "86400000");
        assertThat(TopicCreator.configs(topics.answers(), topics, layout))
                .doesNotContainKey(TopicConfig.RETENTION_MS_CONFIG);
    }
}
