package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.testkit.TestStackConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** (b) Schema ids live in the {@code _schemas} topic, so they survive a restart of broker and registry. */
class RegistryRestartIT {
    @TempDir
    Path dir;

    private EmbeddedKafka kafka;
    private SchemaRegistryServer registry;

    @AfterEach
    void stop() {
        registry.stop();
        kafka.stop();
    }

    @Test
    void idsAndVersionsSurviveARestartOnTheSameDirectory() {
        StackConfig config = TestStackConfig.inDir(dir);
        start(config);
        SchemaRegistryClient before = new SchemaRegistryClient(config.registryUrl());
        int questionId = before.register("questions-value", QuestionAsked.getClassSchema());
        int contextId = before.register("context-value", ContextRetrieved.getClassSchema());

        registry.stop();
        kafka.stop();
        start(config);
        SchemaRegistryClient after = new SchemaRegistryClient(config.registryUrl());

        assertThat(after.getById(questionId)).isEqualTo(QuestionAsked.getClassSchema());
        assertThat(after.getById(contextId)).isEqualTo(ContextRetrieved.getClassSchema());
        assertThat(after.subjects()).containsExactly("context-value", "questions-value");
        assertThat(after.register("questions-value", QuestionAsked.getClassSchema()))
                .isEqualTo(questionId);
        assertThat(after.register("sql-value", SqlGenerated.getClassSchema()))
                .isEqualTo(Math.max(questionId, contextId) + 1);
    }

    private void start(StackConfig config) {
        kafka = new EmbeddedKafka(config);
        kafka.start();
        registry = new SchemaRegistryServer(config);
        registry.start();
    }
}
