package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.avro.ConfluentWireFormat;
import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.testkit.SharedTestStack;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** (a) A QuestionAsked travels through a real topic in the Confluent wire format, its schema registered over HTTP. */
class AvroOverKafkaIT {
    private final EmbeddedStack stack = SharedTestStack.get();
    private final SchemaRegistryClient registry = stack.registryClient();
    private final String topic = "it-questions-" + UUID.randomUUID();

    @Test
    void aQuestionRoundTripsThroughARealTopicWithItsSchemaInTheRegistry() throws Exception {
        AvroSerde<QuestionAsked> serde = AvroSerde.forValue(QuestionAsked.class, registry);
        QuestionAsked question = QuestionAsked.newBuilder()
                .setId("q-42")
                .setDatabaseId("erp")
                .setQuestion("Which customers ordered more than 10 items in 2024?")
                .setUseRetrieval(true)
                .setRetrievalSettings(Map.of("retrieval.table.topk", "5"))
                .setCorrelationId("corr-42")
                .setTimestamp(Instant.parse("2025-01-02T03:04:05.678Z"))
                .build();

        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()),
                new StringSerializer(),
                serde.serializer())) {
            producer.send(new ProducerRecord<>(topic, question.getId(), question))
                    .get();
        }
        ConsumerRecord<String, byte[]> stored = readOne();
        QuestionAsked read = serde.deserializer().deserialize(topic, stored.value());

        assertThat(read).isEqualTo(question);
        assertThat(stored.key()).isEqualTo("q-42");
        assertThat(stored.value()[0]).isEqualTo(ConfluentWireFormat.MAGIC_BYTE);
        int registeredId = registry.latest(topic + "-value").id();
        assertThat(ConfluentWireFormat.unframe(topic, stored.value()).schemaId())
                .isEqualTo(registeredId);
        assertThat(registry.subjects()).contains(topic + "-value");
    }

    private ConsumerRecord<String, byte[]> readOne() {
        Map<String, Object> settings = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                stack.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "it-" + topic,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest");
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(settings, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).pollInSameThread().until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return !records.isEmpty();
            });
            assertThat(records).hasSize(1);
            return records.get(0);
        }
    }
}
