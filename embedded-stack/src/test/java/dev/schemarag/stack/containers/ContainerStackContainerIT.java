package dev.schemarag.stack.containers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.stack.SchemaRegistryServer;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The embedded stack's scenarios against container images, for machines with a Docker engine
 * ({@code mvn -Ptestcontainers verify}); skipped where there is none.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerStackContainerIT {
    @Container
    static final KafkaContainer KAFKA = new KafkaContainer(DockerImageName.parse("apache/kafka:4.1.0"));

    @Container
    static final PostgreSQLContainer<?> POSTGRES = new PostgreSQLContainer<>(
                    DockerImageName.parse("pgvector/pgvector:0.8.0-pg15").asCompatibleSubstituteFor("postgres"))
            .withCommand("postgres", "-c", "wal_level=logical");

    @Test
    void avroRoundTripThroughTheRegistryOnAContainerBroker() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        SchemaRegistryServer registry = new SchemaRegistryServer(KAFKA.getBootstrapServers(), port);
        registry.start();
        try {
            AvroSerde<QuestionAsked> serde =
                    AvroSerde.forValue(QuestionAsked.class, new SchemaRegistryClient(registry.url()));
            QuestionAsked sent = QuestionAsked.newBuilder()
                    .setId("q1")
                    .setDatabaseId("erp")
                    .setQuestion("How many employees?")
                    .setCorrelationId("c1")
                    .setTimestamp(Instant.ofEpochMilli(1_700_000_000_000L))
                    .build();
            try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                    Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.getBootstrapServers()),
                    new StringSerializer(),
                    serde.serializer())) {
                producer.send(new ProducerRecord<>("questions", "q1", sent)).get();
            }
            try (KafkaConsumer<String, QuestionAsked> consumer = new KafkaConsumer<>(
                    Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.getBootstrapServers()),
                    new StringDeserializer(),
                    serde.deserializer())) {
                TopicPartition partition = new TopicPartition("questions", 0);
                consumer.assign(List.of(partition));
                consumer.seekToBeginning(List.of(partition));
                var records = consumer.poll(Duration.ofSeconds(10));
                assertThat(records.count()).isEqualTo(1);
                assertThat(records.iterator().next().value()).isEqualTo(sent);
            }
        } finally {
            registry.stop();
        }
    }

    @Test
    void postgresHasPgvectorAndLogicalDecoding() throws Exception {
        try (Connection c =
                DriverManager.getConnection(POSTGRES.getJdbcUrl(), POSTGRES.getUsername(), POSTGRES.getPassword())) {
            c.createStatement().execute("CREATE EXTENSION IF NOT EXISTS vector");
            try (ResultSet rs = c.createStatement()
                    .executeQuery("SELECT '[1,0]'::vector <=> '[0,1]'::vector, current_setting('wal_level')")) {
                rs.next();
                assertThat(rs.getDouble(1)).isEqualTo(1.0);
                assertThat(rs.getString(2)).isEqualTo("logical");
            }
        }
    }
}
