package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FeedbackVerdict;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag feedback <question-id> approve|reject [--note "..."] [--by NAME]}: a person's verdict on a
 * validated answer, published as an {@link AnswerFeedback} for the generation service to apply. Only approved
 * answers (and documented queries) answer offline; a rejected one never again.
 */
@Command(
        name = "feedback",
        description = "Approve or reject the validated answer to a question (its id is printed by ask): "
                + "only approved answers and documented queries answer offline; a rejected answer never again.")
final class FeedbackCommand implements Callable<Integer> {
    enum Verdict {
        approve,
        reject
    }

    @Parameters(index = "0", description = "the question id")
    String questionId;

    @Parameters(index = "1", description = "approve or reject")
    Verdict verdict;

    @Option(names = "--note", description = "why, kept with the verdict")
    String note;

    @Option(names = "--by", description = "who gives the verdict (default: the OS user)")
    String actor;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        AnswerFeedback event = event(
                questionId, verdict, note, actor == null ? System.getProperty("user.name") : actor, Instant.now());
        try (Services services = Services.fromEnvironment()) {
            Topic<String, AnswerFeedback> topic = services.topics().feedback();
            try (KafkaProducer<String, AnswerFeedback> producer = new KafkaProducer<>(
                    services.security().clientConfig(services.bootstrapServers()),
                    topic.keySerde().serializer(),
                    topic.valueSerde().serializer())) {
                producer.send(new ProducerRecord<>(topic.name(), event.getQuestionId(), event))
                        .get();
            }
            out.println(verdict + " sent for question " + event.getQuestionId() + " on " + topic.name()
                    + "; the generation service applies it (feedback on an unknown question goes to dlq unknown)");
            return 0;
        }
    }

    static AnswerFeedback event(String questionId, Verdict verdict, String note, String actor, Instant at) {
        if (questionId == null || questionId.isBlank())
            throw new IllegalArgumentException("feedback needs a question id");
        return AnswerFeedback.newBuilder()
                .setQuestionId(questionId.strip())
                .setVerdict(FeedbackVerdict.valueOf(verdict.name().toUpperCase(Locale.ROOT)))
                .setNote(note == null || note.isBlank() ? null : note.strip())
                .setActor(actor == null || actor.isBlank() ? null : actor.strip())
                .setTimestamp(at)
                .build();
    }
}
