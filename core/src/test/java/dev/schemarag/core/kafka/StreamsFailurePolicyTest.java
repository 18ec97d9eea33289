package dev.schemarag.core.kafka;

import static org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
import static org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.SchemaRegistryException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

class StreamsFailurePolicyTest {
    private final AtomicLong now = new AtomicLong();
    private final List<Duration> pauses = new ArrayList<>();
    private final AtomicInteger fatalCalls = new AtomicInteger();
    private final StreamsFailurePolicy policy = new StreamsFailurePolicy(
            "test", 3, Duration.ofMinutes(1), now::get, pauses::add, fatalCalls::incrementAndGet);

    @Test
    void aRetriableKafkaExceptionDeepInTheChainReplacesTheThread() {
        Throwable wrapped =
                new StreamsException("task failed", new RuntimeException(new NetworkException("broker gone")));

        assertThat(policy.handle(wrapped)).isEqualTo(REPLACE_THREAD);
        assertThat(fatalCalls).hasValue(0);
    }

    @Test
    void timeoutsIoAndTransientSqlStatesAreTransient() {
        assertThat(StreamsFailurePolicy.isTransient(new StreamsException(new TimeoutException("metadata"))))
                .isTrue();
        assertThat(StreamsFailurePolicy.isTransient(new UncheckedIOException(new ConnectException("refused"))))
                .isTrue();
        assertThat(StreamsFailurePolicy.isTransient(new RuntimeException(new SQLTransientConnectionException("pool"))))
                .isTrue();
        assertThat(StreamsFailurePolicy.isTransient(new SQLException("connection lost", "08006")))
                .isTrue();
        assertThat(StreamsFailurePolicy.isTransient(new SQLException("terminating connection", "57P01")))
                .isTrue();
        assertThat(StreamsFailurePolicy.isTransient(new StreamsException(new java.util.concurrent.TimeoutException())))
                .isTrue();
    }

    @Test
    void errorsBugsAndPermanentFailuresAreFatal() {
        assertThat(StreamsFailurePolicy.isTransient(new OutOfMemoryError())).isFalse();
        assertThat(StreamsFailurePolicy.isTransient(new StreamsException(new StackOverflowError())))
                .isFalse();
        assertThat(StreamsFailurePolicy.isTransient(new IllegalStateException("a bug")))
                .isFalse();
        assertThat(StreamsFailurePolicy.isTransient(new SerializationException("bad record")))
                .isFalse();
        assertThat(StreamsFailurePolicy.isTransient(new SQLException("syntax error", "42601")))
                .isFalse();
        assertThat(StreamsFailurePolicy.isTransient(new SchemaRegistryException(404, 40403, "schema 42 not found")))
                .as("a registry error without a transient cause")
                .isFalse();
    }

    @Test
    void anErrorIsFatalEvenWithATransientCause() {
        Error error = new InternalError("jvm trouble", new IOException("disk"));

        assertThat(policy.handle(error)).isEqualTo(SHUTDOWN_CLIENT);
        assertThat(fatalCalls).hasValue(1);
    }

    @Test
    void aFatalFailureShutsTheClientDownAndReportsItOnce() {
        assertThat(policy.handle(new StreamsException(new IllegalArgumentException("a bug"))))
                .isEqualTo(SHUTDOWN_CLIENT);
        assertThat(fatalCalls).hasValue(1);
        assertThat(pauses).isEmpty();
    }

    @Test
    void aFailingCallbackStillShutsTheClientDown() {
        StreamsFailurePolicy throwingCallback =
                new StreamsFailurePolicy("test", 3, Duration.ofMinutes(1), now::get, pauses::add, () -> {
                    throw new IllegalStateException("callback broken");
                });

        assertThat(throwingCallback.handle(new IllegalArgumentException("a bug")))
                .isEqualTo(SHUTDOWN_CLIENT);
    }

    @Test
    void replacementsBeyondTheBudgetWithinTheWindowAreFatal() {
        IOException transientFault = new IOException("registry down");
        for (int i = 0; i < 3; i++) {
            now.addAndGet(Duration.ofSeconds(10).toNanos());
            assertThat(policy.handle(transientFault)).isEqualTo(REPLACE_THREAD);
        }

        assertThat(policy.handle(transientFault)).as("a fourth within a minute").isEqualTo(SHUTDOWN_CLIENT);
        assertThat(fatalCalls).hasValue(1);
    }

    @Test
    void replacementsOlderThanTheWindowNoLongerCount() {
        IOException transientFault = new IOException("registry down");
        for (int i = 0; i < 3; i++) policy.handle(transientFault);

        now.addAndGet(Duration.ofMinutes(1).plusSeconds(1).toNanos());

        assertThat(policy.handle(transientFault)).isEqualTo(REPLACE_THREAD);
        assertThat(fatalCalls).hasValue(0);
    }

    @Test
    void thePauseBeforeAReplacementDoublesUpToALimit() {
        IOException transientFault = new IOException("broker down");
        for (int i = 0; i < 3; i++) policy.handle(transientFault);

        assertThat(pauses).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2));
        assertThat(StreamsFailurePolicy.pauseBefore(7)).isEqualTo(Duration.ofSeconds(30));
        assertThat(StreamsFailurePolicy.pauseBefore(1000)).isEqualTo(Duration.ofSeconds(30));
    }
}
