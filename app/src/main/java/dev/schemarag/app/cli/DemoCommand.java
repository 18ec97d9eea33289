package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.demo.CatalogStats;
import dev.schemarag.app.demo.LiveSchemaChange;
import dev.schemarag.app.demo.PeakMemory;
import dev.schemarag.app.pipeline.PipelineProbe;
import dev.schemarag.app.pipeline.ThrowAwayPipeline;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.retrieval.ContextMetadata;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.SelectionReason;
import dev.schemarag.stack.StackConfig;
import dev.schemarag.web.WebConsole;
import dev.schemarag.web.WebSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag demo}: the main job on the embedded default — stack, demo ERP database, full sync, then a live
 * schema change that arrives in pgvector through Debezium and the embedding updater — and a summary with peak memory.
 */
@Command(name = "demo", description = "Run the end-to-end demo on the embedded stack with the demo ERP database.")
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    @SuppressWarnings("try") // the stack (and pipeline) stay open for the command's lifetime without being referenced
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        StackConfig stackConfig = StackConfig.defaults(ServiceRuntime.home());
        try (StackSession stack = StackSession.ensure(ServiceRuntime.home(), out);
                Services services = Services.fromEnvironment()) {
            Settings settings = services.settings();
            DatabaseRegistry databases = TargetDatabases.load(services);
            RegisteredDatabase erp = databases.find(DemoDatabase.ID).orElseThrow();
            Path extracted = erp.annotationsFile().getParent(); // the demo files TargetDatabases extracted
            try (IngestService ingest = services.ingest(databases)) {
                step("1. Full sync of the demo ERP database", out);
                out.println(SyncSummaryLine.of(DemoDatabase.ID, ingest.sync(DemoDatabase.ID, new ProgressBar(out))));
                CatalogStats.print(services.store(), DemoDatabase.ID, out);

                step("2. Live sync: Debezium captures DDL, the embedding updater re-embeds what changed", out);
                ingest.startLiveSync(
                        services.streamsSettings(), services.meters(), ThrowAwayPipeline.COMMAND_ENDS_ON_ITS_TIMEOUT);
                ingest.awaitCaptureReady(Duration.ofSeconds(60));
                LiveSchemaChange.run(erp, services.store(), out);
            }
            step("3. Questions: the tables retrieval chose, with their scores, and the tokens saved", out);
            SchemaRetriever retriever = services.retrieval().retriever();
            for (String question : DemoDatabase.sampleQuestions(extracted)) showRetrieval(retriever, question, out);

            step(
                    "4. Answers: questions through Kafka (retrieval -> generation -> read-only validation -> execution)",
                    out);
            out.println(
                    LlmSettings.from(settings).isPresent()
                            ? "generator: the configured LLM"
                            : "generator: offline verified examples (set LLM_BASE_URL, LLM_API_KEY, LLM_MODEL for an LLM)");
            try (ThrowAwayPipeline pipeline = pipelineUnlessRunning(services, databases, out);
                    AskClient client =
                            new AskClient(services.bootstrapServers(), services.security(), services.topics())) {
                List<QuestionAsked> asked = new ArrayList<>();
                for (String question : DemoDatabase.sampleQuestions(extracted))
                    asked.add(client.send(DemoDatabase.ID, question, null));
                Map<String, AskClient.Outcome> outcomes = client.await(asked, Duration.ofSeconds(120));
                for (QuestionAsked q : asked) {
                    out.println();
                    out.println("Q: " + q.getQuestion());
                    OutcomeText.print(OutcomeView.of(Optional.ofNullable(outcomes.get(q.getCorrelationId()))), out);
                }
            }
            step("Summary", out);
            long jvm = PeakMemory.jvmPeakKb();
            long pg = PeakMemory.postgresKb(stackConfig.postgresDir());
            out.printf(
                    Locale.ROOT,
                    "peak memory: JVM %d MiB + PostgreSQL %d MiB = %d MiB resident (budget 2560 MiB)%n",
                    jvm / 1024,
                    pg / 1024,
                    (jvm + pg) / 1024);
            String console = WebConsole.url(settings.get(WebSettings.WEB_HOST), settings.get(WebSettings.WEB_PORT));
            out.println("web console: " + console
                    + (answers(console) ? "" : " (start it with ./schemarag up or ./schemarag serve web)"));
        }
        return 0;
    }

    /** Whether a web console answers at {@code url}. */
    private static boolean answers(String url) {
        try {
            HttpResponse<Void> health = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(2))
                    .build()
                    .send(
                            HttpRequest.newBuilder(URI.create(url + "health"))
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding());
            return health.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Null when the services run (they answer, as for {@code ask}); otherwise a throw-away pipeline that answers. */
    private ThrowAwayPipeline pipelineUnlessRunning(Services services, DatabaseRegistry databases, PrintWriter out)
            throws Exception {
        if (PipelineProbe.check(
                        services.bootstrapServers(),
                        services.security(),
                        services.settings().get(AppSettings.TOPIC_PREFIX))
                .running()) {
            out.println("asking the running retrieval and generation services");
            return null;
        }
        return new ThrowAwayPipeline(
                services, databases, "demo", spec.commandLine().getErr());
    }

    private static void showRetrieval(SchemaRetriever retriever, String question, PrintWriter out) {
        out.println();
        out.println("Q: " + question);
        RetrievalResult result = retriever.retrieve(RetrievalRequest.of(DemoDatabase.ID, question));
        if (result instanceof RetrievalFailure failure) {
            out.println("   retrieval failed: " + failure.errorClass().wireName() + ": " + failure.message());
            return;
        }
        RetrievedContext context = ((RetrievalResult.Retrieved) result).context();
        ContextMetadata m = context.metadata();
        String tables = context.tables().stream()
                .map(t -> String.format(
                        Locale.ROOT,
                        "%s %.2f%s",
                        t.table().table(),
                        t.score(),
                        t.reason() == SelectionReason.RETRIEVED
                                ? ""
                                : " (" + t.reason().wireName() + ")"))
                .collect(Collectors.joining(", "));
        out.println("   " + m.strategy().wireName()
                + (m.fallbackReason() == null
                        ? ""
                        : " (fallback: " + m.fallbackReason().wireName() + ")") + ": " + tables);
        out.printf(
                Locale.ROOT,
                "   %d tokens instead of %d for the full schema (%.0fx smaller), %d doc chunks%n",
                m.contextTokens(),
                m.fullSchemaTokens(),
                m.fullSchemaTokens() / (double) Math.max(1, m.contextTokens()),
                m.chunksRetrieved());
    }

    private static void step(String title, PrintWriter out) {
        out.println();
        out.println("== " + title);
    }
}
