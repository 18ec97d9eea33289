package dev.schemarag.core.kafka;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.FailureRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumSet;
import java.util.Set;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.BranchedKStream;
import org.apache.kafka.streams.kstream.KStream;

/**
 * The dead-letter split of a stage's topology: each dead letter goes to the topic its error class and stage route it
 * to ({@link ErrorClass#deadLetterTopic}, read back from the failure record), counted in {@link DeadLetterMeters};
 * the delivered values go on.
 */
public final class DeadLetterRouting {
    private DeadLetterRouting() {}

    /**
     * The values delivered among {@code outcomes}, whose dead letters, all failures of {@code stages}, are routed to
     * their topics.
     */
    public static <V> KStream<String, V> route(
            KStream<String, Outcome<V>> outcomes, Topics topics, MeterRegistry meters, Stage... stages) {
        BranchedKStream<String, Outcome<V>> split = outcomes.split();
        for (DeadLetterTopic which : topicsOf(stages)) {
            Topic<String, FailureRecord> dlq = topics.deadLetter(which);
            Counter deadLetters = DeadLetterMeters.counter(meters, dlq.name());
            split.branch(
                    (key, outcome) -> outcome.isDeadLettered() && topicOf(outcome.failure()) == which,
                    Branched.withConsumer(dead -> dead.peek((key, outcome) -> deadLetters.increment())
                            .mapValues(Outcome::failure)
                            .to(dlq.name(), dlq.produced())));
        }
        // The branches above are consumed, so the default branch is the only one returned.
        return split.defaultBranch().values().iterator().next().mapValues(Outcome::value);
    }

    /** Every dead-letter topic a failure of {@code stages} can go to. */
    private static Set<DeadLetterTopic> topicsOf(Stage... stages) {
        Set<DeadLetterTopic> topics = EnumSet.noneOf(DeadLetterTopic.class);
        for (Stage stage : stages) for (ErrorClass c : ErrorClass.values()) topics.add(c.deadLetterTopic(stage));
        return topics;
    }

    private static DeadLetterTopic topicOf(FailureRecord failure) {
        return ErrorClass.fromWireName(failure.getErrorClass())
                .orElse(ErrorClass.UNKNOWN)
                .deadLetterTopic(Stage.byWireName(failure.getStage()));
    }
}
