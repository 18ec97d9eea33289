package dev.schemarag.core.failure;

import dev.schemarag.events.FailureRecord;
import java.util.Objects;

/** What a stage made of one record: a value for its output topic, or a failure for its dead-letter topic. */
public sealed interface Outcome<T> {

    record Delivered<T>(T value) implements Outcome<T> {
        public Delivered {
            Objects.requireNonNull(value, "value");
        }
    }

    record DeadLettered<T>(FailureRecord failure) implements Outcome<T> {
        public DeadLettered {
            Objects.requireNonNull(failure, "failure");
        }
    }

    static <T> Outcome<T> delivered(T value) {
        return new Delivered<>(value);
    }

    static <T> Outcome<T> deadLettered(FailureRecord failure) {
        return new DeadLettered<>(failure);
    }

    default boolean isDeadLettered() {
        return this instanceof DeadLettered;
    }

    /** The value; the topology asks only after branching on {@link #isDeadLettered()}. */
    default T value() {
        throw new IllegalStateException("a dead-lettered outcome has no value");
    }

    /** The failure; the topology asks only after branching on {@link #isDeadLettered()}. */
    default FailureRecord failure() {
        throw new IllegalStateException("a delivered outcome has no failure");
    }
}
