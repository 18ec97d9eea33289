package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.StackSession;
import dev.schemarag.bench.AccessFreshnessBenchmark;
import dev.schemarag.bench.BenchReport;
import dev.schemarag.bench.BenchTarget;
import dev.schemarag.bench.ChaosBenchmark;
import dev.schemarag.bench.DemoSuite;
import dev.schemarag.bench.ExampleThresholdBenchmark;
import dev.schemarag.bench.FreshnessBenchmark;
import dev.schemarag.bench.HeapBenchmark;
import dev.schemarag.bench.PipelineBenchmark;
import dev.schemarag.bench.PrincipalCostBenchmark;
import dev.schemarag.bench.RetrievalBenchmark;
import dev.schemarag.bench.RoutingBenchmark;
import dev.schemarag.bench.SuiteCatalog;
import dev.schemarag.bench.SyncBenchmark;
import dev.schemarag.bench.WarehouseSuite;
import dev.schemarag.core.service.ServiceRuntime;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag bench freshness|sync|retrieval|chaos|pipeline|examples|heap}: figures, not timed tests (the bench
 * module).
 */
@Command(
        name = "bench",
        description = "Benchmarks: freshness (DDL commit to pgvector), sync (full sync of a suite), retrieval, chaos"
                + " (faults injected while questions flow; nothing may be lost), pipeline (throughput and"
                + " latency of the services as processes, against a 1-partition baseline), and examples (the offline"
                + " answer threshold per embedding model, on a suite's paraphrases), and heap (the heap retrieval"
                + " holds for a synthetic warehouse catalog of --columns columns, in process).")
final class BenchCommand implements Callable<Integer> {
    enum Kind {
        freshness,
        sync,
        retrieval,
        chaos,
        pipeline,
        examples,
        heap
    }

    enum Scope {
        catalog,
        db,
        route
    }

    @Parameters(index = "0", description = "${COMPLETION-CANDIDATES}")
    Kind kind;

    @Option(
            names = "--suite",
            description = "suite directory in the shared bench format (schema/*.sql, questions.jsonl): for sync and"
                    + " retrieval (retrieval: or `demo`, the demo ERP scored on its docs' Common Queries); for pipeline, its catalog and questions instead of the demo's; for examples, its"
                    + " questions and gold SQL")
    Path suite;

    @Option(
            names = "--synthetic-warehouse",
            paramLabel = "<dir>",
            description = "sync and retrieval: write a seeded synthetic warehouse suite into <dir> (date-suffixed table"
                    + " families, wide tables of 100-1000 columns, 20-80 word COMMENTs on every table and column;"
                    + " its files replaced) and run on it as --suite")
    Path syntheticWarehouse;

    @Option(
            names = "--tables",
            defaultValue = "" + WarehouseSuite.DEFAULT_TABLES,
            description = "--synthetic-warehouse: its number of tables (default ${DEFAULT-VALUE})")
    int tables;

    @Option(
            names = "--target",
            defaultValue = "postgresql",
            description = "freshness and retrieval: the server of the target database, postgresql or mariadb (the"
                    + " stack's, started with stack up --with mariadb; default ${DEFAULT-VALUE})")
    BenchTarget target;

    @Option(
            names = "--changes",
            defaultValue = "60",
            description = "freshness: number of DDL/COMMENT changes, or with --access of table GRANT/REVOKEs")
    int changes;

    @Option(
            names = "--access",
            description = "freshness: time access changes (GRANT/REVOKE on a table, role memberships) from their"
                    + " commit until retrieval answers the principal accordingly, instead of DDL to pgvector")
    boolean access;

    @Option(
            names = "--memberships",
            defaultValue = "20",
            description = "freshness --access: number of role membership GRANT/REVOKEs (each waits for the poll)")
    int memberships;

    @Option(names = "--json", description = "also write the figures as JSON to this file")
    Path json;

    @Option(
            names = "--scope",
            defaultValue = "catalog",
            description =
                    "retrieval: catalog = every question against the whole catalog; db = limited to its db_id's schema;"
                            + " route = asked without a database, routed among the suite's databases, then retrieved"
                            + " within the one chosen")
    Scope scope;

    @Option(
            names = "--limit",
            defaultValue = "0",
            description = "retrieval and examples: only the first N questions (0 = all)")
    int limit;

    @Option(
            names = "--per-question",
            paramLabel = "<file>",
            description = "retrieval: also write one JSON line per question of the schemarag system: its gold tables,"
                    + " those missed, and where its packet's tokens go (each table with why it is there and whether"
                    + " it is gold, the join hints, each doc chunk)")
    Path perQuestion;

    @Option(
            names = "--llm-select",
            description = "retrieval: adds the system schemarag_llm_select, with the LLM selection step on, asking the"
                    + " configured LLM (LLM_BASE_URL) or else a scripted endpoint that names every candidate (its cost,"
                    + " not its quality)")
    boolean llmSelect;

    @Option(
            names = "--as",
            paramLabel = "<principal>",
            description = "retrieval: what retrieving as this principal adds, against no principal, on --db")
    String principal;

    @Option(
            names = "--db",
            paramLabel = "<id>",
            description = "retrieval --as: a registered, synced database that maps the principal; its questions are"
                    + " made from its catalog (--limit of them, default "
                    + PrincipalCostBenchmark.DEFAULT_QUESTIONS + ")")
    String database;

    @Option(
            names = "--questions",
            description = "chaos: questions to send (10%% malformed), spread over the faults (default 2000);"
                    + " pipeline: distinct questions per measurement (default 1500; with --suite, as many as its"
                    + " questions allow); heap: questions answered against the catalog (default 200)")
    Integer questions;

    @Option(
            names = "--columns",
            defaultValue = "400000",
            description = "heap: columns of the synthetic warehouse catalog retrieval holds (default ${DEFAULT-VALUE})")
    int columns;

    @Option(names = "--rate", defaultValue = "50", description = "pipeline: questions sent per second")
    double rate;

    @Option(
            names = "--warm-up",
            defaultValue = "" + PipelineBenchmark.DEFAULT_WARM_UP,
            description = "pipeline: distinct questions answered before each measurement, at its rate, and not counted"
                    + " (default ${DEFAULT-VALUE})")
    int warmUp;

    @Option(
            names = "--instances",
            defaultValue = "1",
            description = "pipeline: processes each of retrieval and generation")
    int instances;

    @Option(
            names = "--llm-latency-ms",
            description = "pipeline: a scripted LLM endpoint answering valid SQL after this many ms"
                    + " (default: the offline generator)")
    Integer llmLatencyMs;

    @Option(
            names = "--repeat-fraction",
            defaultValue = "0",
            description = "pipeline: share of the measured questions that repeat a warm-up question, for the answer"
                    + " cache's hit path (default ${DEFAULT-VALUE}: all distinct)")
    double repeatFraction;

    @Option(
            names = "--replay",
            defaultValue = "" + PipelineBenchmark.DEFAULT_REPLAY,
            description = "pipeline: questions made from the stored examples that the example-quarantine probe asks"
                    + " before renaming a column and again while it is renamed, counting answers that used a"
                    + " quarantined example or a stale cached answer (default ${DEFAULT-VALUE}; 0: no replay)")
    int replay;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        String cli = ChildProcesses.MAIN_CLASS;
        // chaos and pipeline run a stack of their own: never the developer's
        BenchReport report =
                switch (kind) {
                    case chaos -> ChaosBenchmark.run(questions == null ? 2000 : questions, out, cli);
                    case pipeline ->
                        PipelineBenchmark.run(
                                suite == null ? null : new SuiteCatalog(suite),
                                questions,
                                warmUp,
                                rate,
                                instances,
                                llmLatencyMs,
                                repeatFraction,
                                replay,
                                out,
                                cli);
                    case examples -> {
                        if (suite == null) throw new IllegalArgumentException("bench examples needs --suite <dir>");
                        yield ExampleThresholdBenchmark.run(suite, limit, out);
                    }
                    // in process, on a synthetic catalog: no stack
                    case heap -> HeapBenchmark.run(columns, questions == null ? 200 : questions, out);
                    default -> onDevelopmentStack(out);
                };
        report.print(out);
        if (json != null) report.writeJson(json);
        return 0;
    }

    @SuppressWarnings("try") // the stack stays open for the command's lifetime without being referenced
    private BenchReport onDevelopmentStack(PrintWriter out) throws Exception {
        try (StackSession stack = StackSession.ensure(ServiceRuntime.home(), out);
                Services services = Services.fromEnvironment()) {
            if (kind == Kind.freshness)
                return access
                        ? AccessFreshnessBenchmark.run(services, changes, memberships)
                        : FreshnessBenchmark.run(services, changes, target);
            if (kind == Kind.retrieval && (principal != null || database != null)) {
                if (principal == null || database == null || suite != null)
                    throw new IllegalArgumentException(
                            "bench retrieval --as <principal> needs --db <id> (a registered database that maps the"
                                    + " principal) and no --suite");
                return PrincipalCostBenchmark.run(services, database, principal, limit, out);
            }
            if (syntheticWarehouse != null) {
                if (suite != null)
                    throw new IllegalArgumentException("--synthetic-warehouse writes the suite: give no --suite");
                suite = WarehouseSuite.write(syntheticWarehouse, tables, WarehouseSuite.DEFAULT_SEED);
            }
            if (suite == null) throw new IllegalArgumentException("bench " + kind + " needs --suite <dir>");
            if (kind == Kind.retrieval && scope == Scope.catalog && isDemoSuite(suite))
                return RetrievalBenchmark.runDemo(services, limit, llmSelect, perQuestion, new ProgressBar(out), out);
            if (kind == Kind.sync) return SyncBenchmark.run(services, suite, new ProgressBar(out));
            return scope == Scope.route
                    ? RoutingBenchmark.run(services, suite, limit, new ProgressBar(out), out)
                    : RetrievalBenchmark.run(
                            services,
                            suite,
                            limit,
                            scope == Scope.db,
                            llmSelect,
                            target,
                            perQuestion,
                            new ProgressBar(out),
                            out);
        }
    }

    /** {@code --suite demo} names the demo ERP suite, unless a directory of that name is meant. */
    static boolean isDemoSuite(Path suite) {
        return suite.toString().equals(DemoSuite.NAME) && !Files.isDirectory(suite);
    }
}
