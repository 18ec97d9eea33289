package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.DeadLetterArchive;
import dev.schemarag.core.questions.DeadLetterArchive.DeadLetters;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag dlq list|show|replay [class]}: inspect dead-letter topics and send their records back. */
@Command(
        name = "dlq",
        description =
                "Inspect dead-letter topics (list, show <class>) and replay a class to the start of the pipeline.")
final class DlqCommand implements Callable<Integer> {
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    enum Action {
        list,
        show,
        replay
    }

    @Parameters(index = "0", description = "list, show or replay")
    Action action;

    @Parameters(index = "1", arity = "0..1", description = "dead-letter class, e.g. query_timeout, sql_error, ingest")
    String errorClass;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (Services services = Services.fromEnvironment()) {
            Topics topics = services.topics();
            DeadLetterArchive archive = new DeadLetterArchive(services.bootstrapServers(), services.security(), topics);
            if (action == Action.list) {
                for (DeadLetterTopic dlq : DeadLetterTopic.values()) {
                    DeadLetters read = read(archive, topics.deadLetter(dlq));
                    out.printf(
                            Locale.ROOT,
                            "%-24s %6d%s%n",
                            dlq.wireName(),
                            read.records().size(),
                            read.undecodable().isEmpty()
                                    ? ""
                                    : " (+" + read.undecodable().size() + " undecodable)");
                }
                return 0;
            }
            if (errorClass == null)
                throw new IllegalArgumentException("dlq " + action + " needs a class, e.g. sql_error");
            Topic<String, FailureRecord> topic = topics.deadLetter(DeadLetterTopic.byWireName(errorClass));
            DeadLetters read = read(archive, topic);
            read.undecodable().forEach(at -> out.println("undecodable record at " + at));
            List<FailureRecord> records = read.records();
            if (action == Action.show) {
                records.forEach(f -> out.printf(
                        Locale.ROOT,
                        "%s %s %s%s attempt %d question %s correlation %s: %s%n",
                        f.getTimestamp(),
                        f.getStage(),
                        f.getErrorClass(),
                        f.getSqlstate() == null ? "" : " [" + f.getSqlstate() + "]",
                        f.getAttempt(),
                        questionId(archive, f),
                        f.getCorrelationId() == null ? "-" : f.getCorrelationId(),
                        f.getMessage()));
                return 0;
            }
            int replayed = archive.replay(records);
            out.println("replayed " + replayed + " of " + records.size() + " record(s) from " + topic.name());
            records.stream()
                    .filter(DeadLetterArchive::outputTooLarge)
                    .forEach(f -> out.printf(
                            Locale.ROOT,
                            "not replayed: %s from %s partition %d offset %d keeps only a prefix of its output; resend that input%n",
                            ErrorClass.OUTPUT_TOO_LARGE.wireName(),
                            f.getOriginalTopic(),
                            f.getOriginalPartition(),
                            f.getOriginalOffset()));
            return 0;
        }
    }

    private static String questionId(DeadLetterArchive archive, FailureRecord f) {
        QuestionAsked question = archive.question(f);
        return question == null ? "-" : question.getId();
    }

    private DeadLetters read(DeadLetterArchive archive, Topic<String, FailureRecord> topic) {
        DeadLetters read = archive.read(topic, READ_TIMEOUT);
        if (read.partial())
            spec.commandLine()
                    .getErr()
                    .println("stopped reading " + topic.name() + " after " + READ_TIMEOUT.toSeconds()
                            + " s before its end; the counts are partial");
        return read;
    }
}
