package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.app.AppSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.service.Service;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.generation.service.GenerationSettings;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.stack.process.ServiceLaunch;
import dev.schemarag.stack.process.ServiceProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two retrieval and two generation instances as OS processes ({@code serve}, static membership with distinct
 * instance ids, offline generator) share the partitions; one of each is killed with SIGKILL while distinct questions
 * flow. Under {@code read_committed} every question then has exactly one outcome, and the survivors own every
 * partition. Slow: a killed static member keeps its partitions for the session timeout (45 s), and its open
 * transactions block their partitions until the broker aborts them.
 */
@Tag("slow")
class ScaleOutIT {
    private static final String NAME = "scale_out_it";
    private static final int QUESTIONS = 150;
    private static final Duration BETWEEN_QUESTIONS = Duration.ofMillis(100);
    /** Offline generation takes milliseconds: a short deadline keeps its transactions, and a kill's cost, short. */
    private static final Duration RECORD_DEADLINE = Duration.ofSeconds(5);

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration OUTCOMES_TIMEOUT = Duration.ofMinutes(4);
    /** After the last outcome, how long a duplicate has to show up. */
    private static final Duration DUPLICATE_WATCH = Duration.ofSeconds(5);

    @Test
    void twoInstancesPerStageShareThePartitionsAndKillingOneOfEachLosesAndDuplicatesNothing(@TempDir Path dir)
            throws Exception {
        try (CliTestEnvironment environment = CliTestEnvironment.start(NAME, dir, false)) {
            // Seeded once here rather than by the two generation processes at the same time.
            environment.services.examples().seedFromDocs(NAME);
            Topics topics = environment.services.topics();
            String bootstrap = environment.services.bootstrapServers();
            Map<String, ServiceProcess> processes = new LinkedHashMap<>();
            for (String instance : List.of("retrieval-a", "retrieval-b", "generation-a", "generation-b"))
                processes.put(instance, process(instance, dir));
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
                    Outcomes outcomes = new Outcomes(bootstrap, topics)) {
                for (ServiceProcess p : processes.values()) p.start();
                for (ServiceProcess p : processes.values()) p.awaitReady(READY_TIMEOUT);
                String retrievalGroup = topics.prefix() + RetrievalService.APPLICATION_ID;
                String generationGroup = topics.prefix() + GenerationService.APPLICATION_ID;
                String questions = topics.questions().name();
                String contexts = topics.contextRetrieved().name();
                awaitOwners(admin, retrievalGroup, questions, Set.of("scale-retrieval-a", "scale-retrieval-b"));
                awaitOwners(admin, generationGroup, contexts, Set.of("scale-generation-a", "scale-generation-b"));

                AtomicInteger sent = new AtomicInteger();
                List<String> ids = new ArrayList<>();
                for (int i = 0; i < QUESTIONS; i++) ids.add("scale-" + i + "-" + Long.toString(System.nanoTime(), 36));
                CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> send(bootstrap, topics, ids, sent));
                await("a third of the questions sent")
                        .atMost(Duration.ofMinutes(1))
                        .until(() -> sent.get() >= QUESTIONS / 3 || sending.isDone());
                processes.get("retrieval-a").kill();
                processes.get("generation-a").kill();
                sending.get();

                Map<String, Integer> counts = outcomes.await(Set.copyOf(ids), OUTCOMES_TIMEOUT, DUPLICATE_WATCH);
                Set<String> lost = new TreeSet<>(ids);
                lost.removeAll(counts.keySet());
                Map<String, Integer> duplicated = counts.entrySet().stream()
                        .filter(e -> e.getValue() > 1)
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
                assertThat(lost)
                        .as("questions without an outcome (logs in %s)", dir.resolve("logs"))
                        .isEmpty();
                assertThat(duplicated)
                        .as("questions with more than one outcome")
                        .isEmpty();
                assertThat(counts).as("outcomes of these questions only").hasSize(QUESTIONS);

                awaitOwners(admin, retrievalGroup, questions, Set.of("scale-retrieval-b"));
                awaitOwners(admin, generationGroup, contexts, Set.of("scale-generation-b"));
            } finally {
                for (ServiceProcess p : processes.values()) p.close();
            }
        }
    }

    /**
     * One service instance as {@code serve} runs it, with this test's settings as environment variables, its own home
     * (state directory) and admin port, and a static membership id of its own.
     */
    private static ServiceProcess process(String instance, Path dir) throws IOException {
        Service service =
                Service.byId(instance.substring(0, instance.indexOf('-'))).orElseThrow();
        Map<String, String> environment = new HashMap<>();
        for (Setting<?> s : AppSettings.all()) {
            String property = System.getProperty(s.key());
            if (property != null) environment.put(s.environmentVariable(), property);
        }
        environment.put(
                GenerationSettings.RECORD_DEADLINE_MS.environmentVariable(), Long.toString(RECORD_DEADLINE.toMillis()));
        environment.put(service.adminPort().environmentVariable(), Integer.toString(freePort()));
        environment.put(StreamsSettings.GROUP_INSTANCE_ID.environmentVariable(), "scale-" + instance);
        return new ServiceProcess(
                ServiceLaunch.ofThisJvm(
                        SchemaRagCli.class.getName(),
                        service.id(),
                        service.niceness(),
                        dir.resolve("homes").resolve(instance)),
                environment,
                dir.resolve("logs").resolve(instance + ".log"));
    }

    /** Sends the questions one after the other at a steady pace, each distinct, keyed and correlated by its id. */
    private static void send(String bootstrap, Topics topics, List<String> ids, AtomicInteger sent) {
        try (KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                topics.questions().keySerde().serializer(),
                topics.questions().valueSerde().serializer())) {
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                QuestionAsked question = QuestionAsked.newBuilder()
                        .setId(id)
                        .setDatabaseId(NAME)
                        .setQuestion("How many employees are in each department, count number " + i + "?")
                        .setCorrelationId(id)
                        .setTimestamp(Instant.now())
                        .build();
                producer.send(new ProducerRecord<>(topics.questions().name(), id, question))
                        .get();
                sent.incrementAndGet();
                Thread.sleep(BETWEEN_QUESTIONS.toMillis());
            }
        } catch (Exception e) {
            throw new IllegalStateException("sending the questions failed", e);
        }
    }

    /**
     * Waits until the group's members are exactly the stream threads of {@code instances} (Kafka Streams suffixes each
     * instance id with its thread) and together they own every partition of {@code source}.
     */
    private static void awaitOwners(Admin admin, String group, String source, Set<String> instances) throws Exception {
        int partitions = admin.describeTopics(List.of(source))
                .allTopicNames()
                .get()
                .get(source)
                .partitions()
                .size();
        await(group + " owned by " + instances + " over all " + partitions + " partitions of " + source)
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    List<MemberDescription> members =
                            admin.describeConsumerGroups(List.of(group)).all().get().get(group).members().stream()
                                    .toList();
                    Set<String> owners = members.stream()
                            .filter(m -> m.assignment().topicPartitions().stream()
                                    .anyMatch(tp -> tp.topic().equals(source)))
                            .map(m -> instanceOf(m, instances))
                            .collect(Collectors.toSet());
                    Set<Integer> owned = members.stream()
                            .flatMap(m -> m.assignment().topicPartitions().stream())
                            .filter(tp -> tp.topic().equals(source))
                            .map(TopicPartition::partition)
                            .collect(Collectors.toSet());
                    return owners.equals(instances) && owned.size() == partitions;
                });
    }

    /** The instance among {@code instances} a member's thread belongs to; its own id when none. */
    private static String instanceOf(MemberDescription member, Set<String> instances) {
        String id = member.groupInstanceId().orElse("(dynamic " + member.consumerId() + ")");
        return instances.stream()
                .filter(instance -> id.startsWith(instance + "-"))
                .findFirst()
                .orElse(id);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * Every outcome on the answer and dead-letter topics, from their beginning, as a consumer of the pipeline sees it
     * ({@code read_committed}): how many each question id got.
     */
    private static final class Outcomes implements AutoCloseable {
        private final KafkaConsumer<String, byte[]> consumer;
        private final Map<String, Topic<String, ?>> watched = new HashMap<>();
        private final Map<String, Integer> counts = new ConcurrentHashMap<>();

        Outcomes(String bootstrap, Topics topics) {
            consumer = new KafkaConsumer<>(
                    Map.of(
                            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            bootstrap,
                            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                            "read_committed"),
                    new StringDeserializer(),
                    new ByteArrayDeserializer());
            watched.put(topics.answers().name(), topics.answers());
            for (DeadLetterTopic dlq : DeadLetterTopic.values())
                watched.put(topics.deadLetter(dlq).name(), topics.deadLetter(dlq));
            List<TopicPartition> partitions = new ArrayList<>();
            for (String name : watched.keySet())
                consumer.partitionsFor(name).forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
        }

        /** Reads until every id has an outcome (or the timeout), then {@code watch} longer for duplicates. */
        Map<String, Integer> await(Set<String> ids, Duration timeout, Duration watch) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!counts.keySet().containsAll(ids) && System.nanoTime() < deadline) read();
            long watchEnd = System.nanoTime() + watch.toNanos();
            while (System.nanoTime() < watchEnd) read();
            return Map.copyOf(counts);
        }

        private void read() {
            for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                Object value =
                        watched.get(r.topic()).valueSerde().deserializer().deserialize(r.topic(), r.value());
                String id = value instanceof AnswerValidated a
                        ? a.getCorrelationId()
                        : ((FailureRecord) value).getCorrelationId();
                counts.merge(id == null ? "(no correlation id) " + r.key() : id, 1, Integer::sum);
            }
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
