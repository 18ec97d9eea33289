package dev.schemarag.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.app.Services;
import dev.schemarag.core.config.Asker;
import dev.schemarag.retrieval.ContextView;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.kafka.RetrievalService;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag context --db <id> [--as <principal>] [--json] "<question>"}: the schema context retrieval builds
 * for the question, as the principal's role may read it, from the stored catalog (the retriever in process, as MCP's
 * {@code get_schema_context}); nothing is asked of a model or the target database. Exit 0, or 1 when retrieval refuses
 * (an unmapped principal: access_denied).
 */
@Command(
        name = "context",
        description = "Prints the schema context (tables, columns, join hints, doc chunks) retrieval builds for a"
                + " question, for a principal with --as.")
final class ContextCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--db", required = true, description = "registered database id")
    String databaseId;

    @Option(
            names = "--as",
            description = "the principal asking; its mapped role decides what the context may show (db principal)")
    String principal;

    @Option(names = "--json", description = "print the context as JSON (get_schema_context's shape)")
    boolean json;

    @Parameters(index = "0", description = "the question")
    String question;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (Services services = Services.fromEnvironment();
                RetrievalService retrieval = services.retrieval()) {
            RetrievalResult result = retrieval
                    .retriever()
                    .retrieve(RetrievalRequest.of(databaseId, question).withAsker(Asker.of(principal)));
            if (result instanceof RetrievalFailure failure) {
                spec.commandLine().getErr().println(failure.errorClass().wireName() + ": " + failure.message());
                return ExitCode.FAILED;
            }
            ContextView view = ContextView.of(((RetrievalResult.Retrieved) result).context());
            if (json)
                out.println(new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(view));
            else ContextText.print(view, out);
        }
        return 0;
    }
}
