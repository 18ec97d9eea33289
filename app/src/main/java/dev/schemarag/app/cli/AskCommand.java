package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.app.Services;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.pipeline.QuestionAsker;
import dev.schemarag.app.pipeline.ThrowAwayPipeline;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.core.service.ServiceRuntime;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag ask --db <id> "<question>" [--json] [--standalone]}: exit 0 only when answered, 1 when the question
 * failed or timed out, 3 when no pipeline runs.
 *
 * <p>By default a client of the running services: it publishes the question and waits for its outcome without
 * joining any consumer group. {@code --standalone} answers through a {@link ThrowAwayPipeline} in this process.
 */
@Command(
        name = "ask",
        description = "Publish a question and print its validated answer, or the dead-letter record that closed it.")
final class AskCommand implements Callable<Integer> {
    static final int NO_PIPELINE = 3;

    @Option(names = "--db", required = true, description = "registered database id")
    String databaseId;

    @Parameters(index = "0", description = "the question")
    String question;

    @Option(names = "--json", description = "print the outcome as JSON")
    boolean json;

    @Option(names = "--use-retrieval", arity = "1", description = "force RAG (true) or the full schema (false)")
    Boolean useRetrieval;

    @Option(names = "--timeout", defaultValue = "120", description = "seconds to wait for the answer")
    int timeoutSeconds;

    @Option(
            names = "--standalone",
            description = "answer through a throw-away retrieval and generation in this process (and the embedded"
                    + " stack when none runs) instead of the running services")
    boolean standalone;

    @Spec
    CommandSpec spec;

    @Override
    @SuppressWarnings("try") // the stack stays open for the command's lifetime without being referenced
    public Integer call() throws Exception {
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        if (!standalone)
            try (Services services = Services.fromEnvironment()) {
                return report(new QuestionAsker(services).askRunning(databaseId, question, useRetrieval, timeout));
            }
        PrintWriter out = spec.commandLine().getOut();
        try (StackSession stack = StackSession.ensure(ServiceRuntime.home(), out);
                Services services = Services.fromEnvironment()) {
            return report(new QuestionAsker(services)
                    .askStandalone(
                            databaseId,
                            question,
                            useRetrieval,
                            timeout,
                            spec.commandLine().getErr()));
        }
    }

    private int report(QuestionAsker.Asked asked) throws Exception {
        if (asked instanceof QuestionAsker.PipelineRunning running) {
            spec.commandLine()
                    .getErr()
                    .println("a question pipeline is running (" + running.retrievalGroup() + ", "
                            + running.generationGroup() + "): ask without --standalone");
            return ExitCode.USAGE;
        }
        if (asked instanceof QuestionAsker.NoPipeline noPipeline) {
            print(noPipeline.view());
            return NO_PIPELINE;
        }
        OutcomeView outcome = ((QuestionAsker.Outcome) asked).view();
        print(outcome);
        return outcome instanceof OutcomeView.Answered ? 0 : ExitCode.FAILED;
    }

    private void print(OutcomeView view) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (json)
            out.println(new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(view));
        else OutcomeText.print(view, out);
    }
}
