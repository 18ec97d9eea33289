package dev.schemarag.core.kafka;

import dev.schemarag.avro.SchemaRegistryUnavailableException;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.FailureRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Streams exception handlers that turn a record that cannot be deserialized, processed or produced into a
 * {@link FailureRecord} on the stage's dead-letter topic, through Kafka Streams' built-in dead-letter support
 * (KIP-1034 responses: Streams sends the returned records with its own producer), and let the stream go on.
 *
 * <p>They never skip a record without its dead letter and never file a good record as bad. When the schema registry
 * cannot be reached ({@link SchemaRegistryUnavailableException} anywhere in the cause chain, after the registry
 * client's retries) they answer FAIL; when the dead letter itself cannot be serialized they answer FAIL too, or, if
 * the registry is the reason, throw its {@link SchemaRegistryUnavailableException} (Kafka Streams fails the task on an
 * exception from a handler as on FAIL, and FAIL would report only the record's own error). Either way the task fails
 * with the outage in the cause chain, the uncaught-exception handler replaces the stream thread (a retriable error),
 * and the record is processed again from its committed offset.
 */
public final class DeadLetterHandlers {
    /** Streams config keys read by the handlers. */
    public static final String TOPIC = "schemarag.dlq.topic";

    public static final String STAGE = "schemarag.dlq.stage";
    /** The dead-letter topic's {@link FailureRecord} serializer, so the handlers use the application's schema registry. */
    public static final String SERIALIZER = "schemarag.dlq.serializer";
    /** Optional: the {@link MeterRegistry} whose {@link DeadLetterMeters} counter the handlers' dead letters join. */
    public static final String METERS = "schemarag.dlq.meters";

    private static final Logger log = LoggerFactory.getLogger(DeadLetterHandlers.class);

    private DeadLetterHandlers() {}

    /** Shared set-up: where to write and how to serialize. */
    static final class Target {
        final String topic;
        final Stage stage;
        final Serializer<FailureRecord> serializer;
        /** Null when the client was configured without meters (tests that build a client directly). */
        private final Counter deadLetters;

        Target(String topic, Stage stage, Serializer<FailureRecord> serializer, MeterRegistry meters) {
            this.topic = topic;
            this.stage = stage;
            this.serializer = serializer;
            this.deadLetters = meters == null ? null : DeadLetterMeters.counter(meters, topic);
        }

        @SuppressWarnings("unchecked")
        static Target of(Map<String, ?> configs) {
            Serializer<FailureRecord> serializer = (Serializer<FailureRecord>) configs.get(SERIALIZER);
            if (serializer == null)
                throw new IllegalStateException("dead-letter handler needs streams config " + SERIALIZER);
            MeterRegistry meters = configs.get(METERS) instanceof MeterRegistry registry ? registry : null;
            return new Target(required(configs, TOPIC), Stage.byWireName(required(configs, STAGE)), serializer, meters);
        }

        /**
         * {@code resume} with the dead letter, or {@code fail} when it cannot be serialized (a schema the registry
         * refuses); a registry outage is thrown on. A record is never skipped without its dead letter.
         */
        <R> R deadLetter(
                FailureRecord failure,
                byte[] key,
                Function<List<ProducerRecord<byte[], byte[]>>, R> resume,
                Supplier<R> fail) {
            byte[] value;
            try {
                value = serializer.serialize(topic, failure);
            } catch (RuntimeException e) {
                log.error(
                        "dead letter cannot be written, failing the task so the record is processed again: stage={}"
                                + " errorClass={} topic={} partition={} offset={} cause={}",
                        failure.getStage(),
                        failure.getErrorClass(),
                        failure.getOriginalTopic(),
                        failure.getOriginalPartition(),
                        failure.getOriginalOffset(),
                        Failures.describe(e));
                if (registryUnavailable(e)) throw e;
                return fail.get();
            }
            log.warn(
                    "dead letter: stage={} errorClass={} topic={} partition={} offset={} cause={}",
                    failure.getStage(),
                    failure.getErrorClass(),
                    failure.getOriginalTopic(),
                    failure.getOriginalPartition(),
                    failure.getOriginalOffset(),
                    failure.getMessage());
            if (deadLetters != null) deadLetters.increment();
            return resume.apply(List.of(new ProducerRecord<>(topic, key, value)));
        }

        private static String required(Map<String, ?> configs, String key) {
            Object value = configs.get(key);
            if (value == null) throw new IllegalStateException("dead-letter handler needs streams config " + key);
            return value.toString();
        }
    }

    /** Whether the registry, not the record, failed: then the record must be processed again, not dead-lettered. */
    static boolean registryUnavailable(Throwable error) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable e = error; e != null && seen.add(e); e = e.getCause()) {
            if (e instanceof SchemaRegistryUnavailableException) return true;
        }
        return false;
    }

    private static void logRegistryOutage(String topic, int partition, long offset, Exception exception) {
        log.warn(
                "schema registry unavailable, failing the task so the record is processed again: topic={}"
                        + " partition={} offset={} cause={}",
                topic,
                partition,
                offset,
                Failures.describe(exception));
    }

    /** Records whose bytes cannot be read: errorClass {@code malformed_event}. */
    public static final class Deserialization implements DeserializationExceptionHandler {
        private Target target;

        @Override
        public void configure(Map<String, ?> configs) {
            target = Target.of(configs);
        }

        @Override
        public Response handleError(
                ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
            if (registryUnavailable(exception)) {
                logRegistryOutage(record.topic(), record.partition(), record.offset(), exception);
                return Response.fail();
            }
            FailureRecord failure = Failures.failure(
                            target.stage,
                            ErrorClass.MALFORMED_EVENT,
                            Failures.describe(exception),
                            record.topic(),
                            record.partition(),
                            record.offset(),
                            record.key(),
                            record.value())
                    .build();
            return target.deadLetter(failure, record.key(), Response::resume, Response::fail);
        }
    }

    /** Records whose processing threw: errorClass {@code processing_error}; the original bytes are kept for replay. */
    public static final class Processing implements ProcessingExceptionHandler {
        private Target target;

        @Override
        public void configure(Map<String, ?> configs) {
            target = Target.of(configs);
        }

        @Override
        public Response handleError(ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
            // Also an output record the registry could not serialize: Streams reports that here too.
            if (registryUnavailable(exception)) {
                logRegistryOutage(context.topic(), context.partition(), context.offset(), exception);
                return Response.fail();
            }
            FailureRecord failure = Failures.failure(
                            target.stage,
                            ErrorClass.PROCESSING_ERROR,
                            Failures.describe(exception),
                            context.topic(),
                            context.partition(),
                            context.offset(),
                            context.sourceRawKey(),
                            context.sourceRawValue())
                    .build();
            return target.deadLetter(failure, context.sourceRawKey(), Response::resume, Response::fail);
        }
    }

    /**
     * Output records the producer refuses as larger than its {@code max.request.size} (a question near the limit makes
     * every later record of its chain larger still): errorClass {@code output_too_large}, with the input record's
     * coordinates and a bounded prefix of the output (see {@link OversizedOutput}). Without this, Kafka Streams stops,
     * and stops again on the same input after every restart. Under exactly-once this works only because
     * {@link SizeCheckingProducer} refuses the record before the Kafka producer can doom the transaction. A state store's changelog record too large still fails
     * the stream, and so does any other production error but a retriable one, which is retried (Kafka Streams' default).
     * An output record that cannot be serialized (a registry outage included) fails the stream too: that is Kafka
     * Streams' default {@code handleSerializationError}, deliberately not overridden.
     */
    public static final class Production implements ProductionExceptionHandler {
        private static final String CHANGELOG_SUFFIX = "-changelog";
        private Target target;
        private int keptBytes;

        public Production() {}

        Production(Target target, int keptBytes) {
            this.target = target;
            this.keptBytes = keptBytes;
        }

        @Override
        public void configure(Map<String, ?> configs) {
            target = Target.of(configs);
            keptBytes = OversizedOutput.keptBytes(configs);
        }

        @Override
        public Response handleError(
                ErrorHandlerContext context, ProducerRecord<byte[], byte[]> record, Exception exception) {
            if (!(exception instanceof RecordTooLargeException))
                return exception instanceof RetriableException ? Response.retry() : Response.fail();
            // A skipped changelog write would leave the restored state store behind its changelog for good.
            if (record.topic().endsWith(CHANGELOG_SUFFIX)) return Response.fail();
            FailureRecord failure = OversizedOutput.failure(
                    target.stage, context.topic(), context.partition(), context.offset(), record, exception, keptBytes);
            return target.deadLetter(
                    failure, OversizedOutput.prefix(record.key(), keptBytes), Response::resume, Response::fail);
        }
    }
}
