package dev.schemarag.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
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
 * {@code schemarag ask [--db <id>] "<question>" [--json | --format text|json|csv] [--sql-only] [--standalone]}: exit 0
 * only when answered, 1 when the question failed or timed out (or, for CSV, was answered without rows), 3 when no
 * pipeline runs.
 *
 * <p>An answer its database executes comes with its rows: the text shows the first of them as a table, the JSON
 * carries them all, and {@code --format csv} writes them alone as CSV on standard output (anything else goes to
 * standard error).
 *
 * <p>By default a client of the running services: it publishes the question and waits for its outcome without
 * joining any consumer group. {@code --standalone} answers through a {@link ThrowAwayPipeline} in this process.
 */
@Command(
        name = "ask",
        description = "Publish a question and print its validated answer, or the dead-letter record that closed it.")
final class AskCommand implements Callable<Integer> {
    static final int NO_PIPELINE = 3;

    @Option(
            names = "--db",
            description = "registered database id; without it, the question goes to the database its words point to"
                    + " clearly, or fails as ambiguous_database naming the candidates")
    String databaseId;

    @Parameters(index = "0", description = "the question")
    String question;

    /** How the outcome is printed. */
    enum Format {
        text,
        json,
        csv
    }

    @Option(names = "--json", description = "print the outcome as JSON (--format json)")
    boolean json;

    @Option(
            names = "--format",
            defaultValue = "text",
            description = "text (the SQL and the first rows as a table), json (the outcome), or csv (the rows alone,"
                    + " RFC 4180): ${COMPLETION-CANDIDATES}")
    Format format;

    @Option(
            names = "--sql-only",
            description = "the validated SQL alone: not executed even where the database executes answers")
    boolean sqlOnly;

    @Option(
            names = "--as",
            paramLabel = "PRINCIPAL",
            description = "ask as this principal: the answer is validated and executed as the database role"
                    + " the registration maps it to")
    String principal;

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
        if (json && format != Format.text && format != Format.json)
            return usage("--json and --format " + format + " ask for two formats: give one");
        if (json) format = Format.json;
        if (sqlOnly && format == Format.csv) return usage("--format csv writes rows: --sql-only asks for none");
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        if (!standalone)
            try (Services services = Services.fromEnvironment()) {
                return report(new QuestionAsker(services)
                        .askRunning(databaseId, question, useRetrieval, sqlOnly, principal, timeout));
            }
        // Progress goes where it cannot mix with JSON or CSV.
        PrintWriter progress = format == Format.text
                ? spec.commandLine().getOut()
                : spec.commandLine().getErr();
        try (StackSession stack = StackSession.ensure(ServiceRuntime.home(), progress);
                Services services = Services.fromEnvironment()) {
            return report(new QuestionAsker(services)
                    .askStandalone(
                            databaseId,
                            question,
                            useRetrieval,
                            sqlOnly,
                            principal,
                            timeout,
                            spec.commandLine().getErr()));
        }
    }

    private int usage(String message) {
        spec.commandLine().getErr().println(message);
        return ExitCode.USAGE;
    }

    private int report(QuestionAsker.Asked asked) throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (asked instanceof QuestionAsker.PipelineRunning running) {
            err.println("a question pipeline is running (" + running.retrievalGroup() + ", " + running.generationGroup()
                    + "): ask without --standalone");
            return ExitCode.USAGE;
        }
        if (asked instanceof QuestionAsker.NoPipeline noPipeline) {
            print(noPipeline.view(), format, spec.commandLine().getOut(), err);
            return NO_PIPELINE;
        }
        return print(
                ((QuestionAsker.Outcome) asked).view(),
                format,
                spec.commandLine().getOut(),
                err);
    }

    /**
     * Prints the outcome as {@code format} asks; CSV puts only rows on {@code out}, and the rest on {@code err}.
     *
     * @return the exit code for it: 0 for an answer (with rows, for CSV), else 1
     */
    static int print(OutcomeView view, Format format, PrintWriter out, PrintWriter err) throws JsonProcessingException {
        boolean rows = view instanceof OutcomeView.Answered a && a.executed();
        switch (format) {
            case json ->
                out.println(new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(view));
            case csv -> {
                if (rows) RowsCsv.write((OutcomeView.Answered) view, out);
                else {
                    OutcomeText.print(view, err);
                    if (view instanceof OutcomeView.Answered)
                        err.println("no rows to write: the answer was not executed (its database is registered"
                                + " without execute)");
                }
            }
            case text -> OutcomeText.print(view, out);
        }
        if (!(view instanceof OutcomeView.Answered)) return ExitCode.FAILED;
        return format == Format.csv && !rows ? ExitCode.FAILED : 0;
    }
}
