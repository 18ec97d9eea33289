package dev.schemarag.bench;

import dev.schemarag.avro.ConfluentWireFormat;
import dev.schemarag.bench.stack.BenchStack;
import dev.schemarag.bench.stack.ServiceFleet;
import dev.schemarag.bench.stack.SettingValues;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.generation.service.GenerationSettings;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.stack.process.ServiceProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The chaos benchmark's world: a stack of its own, the scripted LLM, the demo ERP database loaded and synced, the four
 * services as OS processes, a steady producer of questions and a reader of every output. {@link #measure} injects
 * faults one after another while questions flow and accounts for every question in a fresh {@link QuestionLedger}.
 */
public final class ChaosRun implements AutoCloseable {
    /** A documented query of the demo (employees.md, headcount per department): the scripted LLM's every answer. */
    static final String ANSWER_SQL = "SELECT d.name AS department, count(e.employee_id) AS headcount"
            + " FROM departments d LEFT JOIN employees e ON e.department_id = d.department_id"
            + " AND e.status <> 'terminated' GROUP BY d.name";

    static final String QUESTION = "How many employees are in each department?";
    private static final String TOPIC_PREFIX = "chaos.";
    private static final String PROBE_TABLE = "chaos_probe";
    private static final Duration RESTART_AFTER = Duration.ofSeconds(2);
    private static final Duration BROKER_DOWN = Duration.ofSeconds(5);
    private static final Duration REGISTRY_DOWN = Duration.ofSeconds(10);
    /** Each LLM fault's window; non-JSON has two, an HTML page and a completion whose content is prose. */
    private static final Duration LLM_WINDOW = Duration.ofSeconds(8);
    /** Each LLM attempt gives up after this; a slow answer comes later still. */
    private static final int LLM_TIMEOUT_SECONDS = 5;
    /** One question's deadline: a hanging or slow LLM passes it (infra_failure), a 500 or 429 window does not. */
    private static final Duration RECORD_DEADLINE = Duration.ofSeconds(7);

    private static final int DDL_BURST = 200;
    /** Questions sent at a time while a recovery is awaited after a fault's own share is spent. */
    private static final int KEEP_ASKING = 3;
    /** The burst's own WAL must be released within two heartbeats and a checkpoint of the slot. */
    private static final Duration WAL_RELEASE_TIMEOUT = Duration.ofSeconds(60);

    private static final long WAL_SLACK_BYTES = 1 << 20;

    private final Path dir;
    private final PrintWriter out;
    private final BenchStack stack;
    private final ScriptedChatCompletions llm;
    private Settings settings;
    private ServiceRuntime services;
    private ServiceFleet fleet;
    private QuestionProducer producer;
    private OutcomeReader outputs;
    private final Map<String, Object> ingestFigures = new LinkedHashMap<>();
    private final Map<String, Integer> exitsOnTheirOwn = new ConcurrentHashMap<>();
    private final ScheduledExecutorService supervisor = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "chaos-supervisor");
        thread.setDaemon(true);
        return thread;
    });
    private volatile QuestionLedger ledger = new QuestionLedger();

    /** The stack and the scripted LLM; {@link #start} starts the rest. */
    private ChaosRun(Path dir, PrintWriter out) throws Exception {
        this.dir = dir;
        this.out = out;
        stack = new BenchStack(dir.resolve("stack"));
        out.println("chaos: starting a stack of its own in " + dir);
        stack.up();
        try {
            llm = new ScriptedChatCompletions();
        } catch (IOException | RuntimeException e) {
            stack.close();
            throw e;
        }
        llm.answerAnyQuestion(ANSWER_SQL);
    }

    private void startServices(double questionsPerSecond, String cliMainClass, Map<Setting<?>, String> overrides)
            throws Exception {
        SettingValues values = settingValues().withAll(overrides);
        settings = values.settings();
        services = new ServiceRuntime(settings, dir.resolve("bench"));
        out.println("chaos: loading and syncing the demo ERP database");
        DatabaseRegistry databases = TargetDatabases.load(services);
        createProbeTable();
        try (IngestService ingest = IngestMain.service(services, databases)) {
            ingest.sync(DemoDatabase.ID, SyncProgress.NONE);
        }
        fleet = new ServiceFleet(ServiceFleet.pipeline(1), values.environment(), dir, "chaos-", cliMainClass);
        out.println("chaos: starting ingest, retrieval, generation and execution as processes (logs in "
                + dir.resolve("logs") + ")");
        fleet.start();
        supervisor.scheduleWithFixedDelay(this::restartExited, 1, 1, TimeUnit.SECONDS);
        ChaosQuestions questions = new ChaosQuestions(
                DemoDatabase.ID,
                QUESTION,
                questionSchemaId(),
                otherSchemaRecord(),
                Long.toString(System.currentTimeMillis(), 36),
                42);
        outputs = new OutcomeReader(stack.bootstrapServers(), services.topics(), () -> ledger);
        producer = new QuestionProducer(
                stack.bootstrapServers(),
                services.topics().questions().name(),
                questions,
                () -> ledger,
                questionsPerSecond);
    }

    /**
     * Starts everything under {@code dir}; closed, it stops all of it.
     *
     * @param cliMainClass the main class whose {@code serve <service>} runs a service
     * @param overrides settings on top of the run's own, in this JVM and in every service process (a test's shorter
     *     intervals); none for the benchmark
     */
    public static ChaosRun start(
            Path dir,
            PrintWriter out,
            double questionsPerSecond,
            String cliMainClass,
            Map<Setting<?>, String> overrides)
            throws Exception {
        ChaosRun run = new ChaosRun(dir, out);
        try {
            run.startServices(questionsPerSecond, cliMainClass, overrides);
        } catch (Exception e) {
            run.close();
            throw e;
        }
        return run;
    }

    /** The settings every service process gets (as environment variables) and this JVM uses (as keys). */
    private SettingValues settingValues() {
        Map<Setting<?>, String> llmValues = new LinkedHashMap<>();
        llmValues.put(LlmSettings.BASE_URL, llm.baseUrl().toString());
        llmValues.put(LlmSettings.API_KEY, "chaos");
        llmValues.put(LlmSettings.MODEL, "scripted");
        llmValues.put(LlmSettings.TIMEOUT_SECONDS, Integer.toString(LLM_TIMEOUT_SECONDS));
        llmValues.put(LlmSettings.MAX_RETRIES, "1");
        llmValues.put(GenerationSettings.RECORD_DEADLINE_MS, Long.toString(RECORD_DEADLINE.toMillis()));
        return new SettingValues(stack.settingValues(TOPIC_PREFIX)).withAll(llmValues);
    }

    private void createProbeTable() throws SQLException {
        try (Connection c = erpAdmin();
                Statement s = c.createStatement()) {
            s.execute(new DdlBurst(PROBE_TABLE, 0).createProbeTable());
        }
    }

    private Connection erpAdmin() throws SQLException {
        return stack.postgres().connect(DemoDatabase.ID);
    }

    /** The id the registry gave {@code QuestionAsked}, learnt by serializing one: later questions are framed with it. */
    private int questionSchemaId() {
        String topic = services.topics().questions().name();
        QuestionAsked probe = QuestionAsked.newBuilder()
                .setId("schema-probe")
                .setDatabaseId(DemoDatabase.ID)
                .setQuestion(QUESTION)
                .setCorrelationId("schema-probe")
                .setTimestamp(Instant.now())
                .build();
        byte[] bytes = services.topics().questions().valueSerde().serializer().serialize(topic, probe);
        return ConfluentWireFormat.unframe(topic, bytes).schemaId();
    }

    /** A {@code SchemaChanged}, registered and framed as on its own topic: it lacks a question's required fields. */
    private byte[] otherSchemaRecord() {
        String topic = services.topics().schemaChanges().name();
        SchemaChanged change = SchemaChanged.newBuilder()
                .setDatabaseId(DemoDatabase.ID)
                .setSchema$("public")
                .setTable(PROBE_TABLE)
                .setChangeKind(ChangeKind.OTHER)
                .setCommandTag("COMMENT")
                .setSourcePosition("0/0")
                .setTimestamp(Instant.now())
                .build();
        return services.topics().schemaChanges().valueSerde().serializer().serialize(topic, change);
    }

    /**
     * Sends {@code questionsPerFault} questions for each fault, injects it once a third of them are out, and waits
     * for its recovery (the first answer to a question sent after the injection, within {@code recoveryTimeout});
     * then waits up to {@code settleTimeout} until every question has an output. Returns the figures of a fresh
     * ledger: only this measurement's questions count.
     */
    public Map<String, Object> measure(
            List<ChaosFault> faults,
            int warmUpQuestions,
            int questionsPerFault,
            Duration recoveryTimeout,
            Duration settleTimeout)
            throws Exception {
        ledger = new QuestionLedger();
        ingestFigures.clear();
        Map<String, Long> llmRequestsBefore = llmRequests();
        exitsOnTheirOwn.clear();
        if (warmUpQuestions > 0) {
            out.println("chaos: warm-up, " + warmUpQuestions + " questions");
            producer.sendAsync(warmUpQuestions).get();
            awaitRecovery(new QuestionLedger.FaultWindow("warm_up", 0, 0), recoveryTimeout);
        }
        List<QuestionLedger.FaultWindow> windows = new ArrayList<>();
        for (ChaosFault fault : faults) {
            int before = producer.handedOver();
            CompletableFuture<Void> sending = producer.sendAsync(questionsPerFault);
            while (producer.handedOver() - before < Math.max(1, questionsPerFault / 3) && !sending.isDone())
                Thread.sleep(50);
            out.println("chaos: injecting " + fault.wireName());
            QuestionLedger.FaultWindow window = inject(fault);
            windows.add(window);
            sending.get();
            Double recovered = awaitRecoveryWhileAsking(window, recoveryTimeout);
            out.printf(
                    Locale.ROOT,
                    "chaos: %s %s%n",
                    fault.wireName(),
                    recovered == null
                            ? "NOT recovered within " + recoveryTimeout
                            : "recovered after " + recovered + " s");
        }
        settle(settleTimeout);
        Map<String, Object> figures = ledger.figures(windows);
        figures.put("undecoded_outputs", outputs.undecodedCount());
        if (!ingestFigures.isEmpty()) figures.put("ingest", new LinkedHashMap<>(ingestFigures));
        Map<String, Long> llmRequests = llmRequests();
        llmRequestsBefore.forEach((fault, before) -> llmRequests.merge(fault, -before, Long::sum));
        figures.put("llm_requests_by_fault", llmRequests);
        figures.put("service_exits_restarted", new TreeMap<>(exitsOnTheirOwn));
        return figures;
    }

    /** Requests the scripted LLM answered so far, by the fault that was on. */
    private Map<String, Long> llmRequests() {
        Map<String, Long> requests = new LinkedHashMap<>();
        for (ScriptedChatCompletions.Fault f : ScriptedChatCompletions.Fault.values())
            requests.put(f.name().toLowerCase(Locale.ROOT), llm.answered(f));
        return requests;
    }

    /**
     * What {@code restart:} in compose or {@code ./schemarag up} does: a service that exits on its own (a fatal stream
     * error) is started again, and counted.
     */
    private void restartExited() {
        for (ServiceProcess p : fleet.all()) {
            if (!p.exitedOnItsOwn()) continue;
            exitsOnTheirOwn.merge(p.service(), 1, Integer::sum);
            out.println("chaos: " + p.service() + " exited on its own; restarting it (see " + p.logFile() + ")");
            try {
                restart(p);
            } catch (Exception e) {
                out.println("chaos: cannot restart " + p.service() + ": " + e.getMessage());
            }
        }
    }

    /**
     * Waits for recovery while questions keep coming, as they would on a live system: when a fault's share of questions
     * was all sent during the fault (a small run), a few more are sent until one is answered.
     */
    private Double awaitRecoveryWhileAsking(QuestionLedger.FaultWindow window, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Double recovered = awaitRecovery(window, Duration.ofSeconds(5));
            if (recovered != null) return recovered;
            producer.sendAsync(KEEP_ASKING).get();
        }
        return null;
    }

    /** Seconds from injection to the first answer to a question sent after it; null if none came in time. */
    private Double awaitRecovery(QuestionLedger.FaultWindow window, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Long first = ledger.firstAnswerToQuestionSentSince(window.injectedAtMs());
            if (first != null) return (first - window.injectedAtMs()) / 1000.0;
            Thread.sleep(100);
        }
        return null;
    }

    /** Until every acknowledged question has an output (then a little longer, for duplicates), within the timeout. */
    private void settle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ledger.pending() > 0 && System.nanoTime() < deadline) Thread.sleep(500);
        out.println("chaos: outputs settled; " + ledger.pending() + " questions without an output");
        Thread.sleep(3_000);
    }

    /** Injects the fault and removes its cause again; returns when the cause is gone. */
    private QuestionLedger.FaultWindow inject(ChaosFault fault) throws Exception {
        long injected = System.currentTimeMillis();
        switch (fault) {
            case RETRIEVAL_KILL -> killAndRestart(Service.RETRIEVAL);
            case GENERATION_KILL -> killAndRestart(Service.GENERATION);
            case EXECUTION_KILL -> killAndRestart(Service.EXECUTION);
            case BROKER_RESTART -> {
                stack.stopBroker();
                Thread.sleep(BROKER_DOWN.toMillis());
                stack.startBroker();
            }
            case STORE_RESTART -> stack.restartStore();
            case REGISTRY_OUTAGE -> {
                stack.stopRegistry();
                Thread.sleep(REGISTRY_DOWN.toMillis());
                stack.startRegistry();
            }
            case LLM_500 -> llmWindow(ScriptedChatCompletions.Fault.HTTP_500, Duration.ZERO);
            case LLM_429 -> llmWindow(ScriptedChatCompletions.Fault.HTTP_429, Duration.ofSeconds(2));
            case LLM_TIMEOUT -> llmWindow(ScriptedChatCompletions.Fault.HANG, Duration.ZERO);
            case LLM_NOT_JSON -> {
                llmWindow(ScriptedChatCompletions.Fault.NOT_A_COMPLETION, Duration.ZERO);
                llmWindow(ScriptedChatCompletions.Fault.CONTENT_NOT_JSON, Duration.ZERO);
            }
            case LLM_SLOW -> llmWindow(ScriptedChatCompletions.Fault.SLOW, Duration.ofSeconds(LLM_TIMEOUT_SECONDS + 3));
            case INGEST_KILL -> ingestKillDuringDdlBurst(injected);
        }
        return new QuestionLedger.FaultWindow(fault.wireName(), injected, System.currentTimeMillis());
    }

    private void killAndRestart(Service service) throws Exception {
        ServiceProcess process = fleet.process(service);
        process.kill();
        Thread.sleep(RESTART_AFTER.toMillis());
        restart(process);
    }

    /** Starts the process again; one that does not get ready is reported, and the run goes on to show what it costs. */
    private void restart(ServiceProcess process) throws Exception {
        process.start();
        long started = System.nanoTime();
        try {
            process.awaitReady(ServiceFleet.READY_TIMEOUT);
            out.printf(
                    Locale.ROOT,
                    "chaos: %s ready %.1f s after its restart%n",
                    process.service(),
                    (System.nanoTime() - started) / 1e9);
        } catch (IllegalStateException notReady) {
            out.println("chaos: " + notReady.getMessage());
        }
    }

    private void llmWindow(ScriptedChatCompletions.Fault fault, Duration duration) throws InterruptedException {
        llm.fault(fault, duration);
        Thread.sleep(LLM_WINDOW.toMillis());
        llm.fault(ScriptedChatCompletions.Fault.NONE, Duration.ZERO);
    }

    /**
     * {@value #DDL_BURST} changes on the probe table (ADD COLUMN and COMMENT ON COLUMN in turn), ingest killed half-way
     * and restarted after 2 s; then the catalog must catch up, match a fresh full sync, and the slot not keep WAL.
     */
    private void ingestKillDuringDdlBurst(long injectedAtMs) throws Exception {
        awaitSlotActive(ServiceFleet.READY_TIMEOUT);
        ingestFigures.put("retained_wal_bytes_before", retainedWal());
        DdlBurst burst = new DdlBurst(PROBE_TABLE, injectedAtMs);
        long killed = 0;
        try (Connection c = erpAdmin();
                Statement s = c.createStatement()) {
            for (int i = 0; i < DDL_BURST; i++) {
                if (i == DDL_BURST / 2) {
                    fleet.process(Service.INGEST).kill();
                    killed = System.currentTimeMillis();
                }
                s.execute(burst.change(i));
            }
        }
        Thread.sleep(RESTART_AFTER.toMillis());
        restart(fleet.process(Service.INGEST));
        ingestFigures.put("ddl_changes", DDL_BURST);
        ingestFigures.put(
                "catalog_recovery_s", awaitCatalog(burst.marker(DDL_BURST - 1), killed, Duration.ofMinutes(3)));
        ingestFigures.put("catalog_mismatches", catalogMismatches());
        long before = (Long) ingestFigures.get("retained_wal_bytes_before");
        ingestFigures.put("retained_wal_bytes_after", awaitWalReleased(before + WAL_SLACK_BYTES, WAL_RELEASE_TIMEOUT));
    }

    /**
     * The slot's retained WAL once it is back within {@code bound} (change capture confirmed the burst and a heartbeat
     * moved the slot on), or what it still retains when {@code timeout} has passed.
     */
    private long awaitWalReleased(long bound, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long retained = retainedWal();
        while (retained > bound && System.nanoTime() < deadline) {
            Thread.sleep(1000);
            retained = retainedWal();
        }
        return retained;
    }

    /** Seconds from the kill until the burst's last comment is in pgvector; null if it did not arrive in time. */
    private Double awaitCatalog(String marker, long killedAtMs, Duration timeout) throws Exception {
        return ProbeComment.awaitMarker(services.store(), DemoDatabase.ID, PROBE_TABLE, marker, timeout)
                .map(seen -> (seen - killedAtMs) / 1000.0)
                .orElse(null);
    }

    /** Entities whose text hash differs from what a fresh full sync into a second store computes. */
    private int catalogMismatches() throws Exception {
        String verifyDb = "chaos_verify";
        stack.postgres().createDatabaseIfMissing(verifyDb);
        Settings fresh = settings.with(Map.of(
                RuntimeSettings.STORE_JDBC_URL.key(),
                stack.postgres().jdbcUrl(verifyDb),
                RuntimeSettings.TOPIC_PREFIX.key(),
                "chaos-verify."));
        try (ServiceRuntime verify = new ServiceRuntime(fresh, dir.resolve("verify"))) {
            DatabaseRegistry databases = TargetDatabases.load(verify);
            try (IngestService ingest = IngestMain.service(verify, databases)) {
                ingest.sync(DemoDatabase.ID, SyncProgress.NONE);
            }
            return CatalogComparison.mismatches(textHashes(services.store()), textHashes(verify.store()));
        }
    }

    private static Map<String, String> textHashes(Database store) throws SQLException {
        Map<String, String> hashes = new HashMap<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT entity_type, schema_name, table_name, column_name, text_hash FROM schema_embeddings"
                                + " WHERE database_id = ?")) {
            ps.setString(1, DemoDatabase.ID);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    hashes.put(
                            rs.getString(1) + " " + rs.getString(2) + "." + rs.getString(3) + "." + rs.getString(4),
                            rs.getString(5));
            }
        }
        return hashes;
    }

    /** WAL the demo database's replication slot keeps, in bytes. */
    private long retainedWal() throws SQLException {
        try (Connection c = erpAdmin();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT coalesce(sum(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)), 0)::bigint"
                                + " FROM pg_replication_slots WHERE database = current_database()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void awaitSlotActive(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Connection c = erpAdmin();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_replication_slots"
                            + " WHERE database = current_database() AND active")) {
                rs.next();
                if (rs.getInt(1) > 0) return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the demo database's replication slot was not active within " + timeout);
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() {
        List<RuntimeException> failures = new ArrayList<>();
        supervisor.shutdownNow();
        List<AutoCloseable> parts = new ArrayList<>();
        if (producer != null) parts.add(producer);
        if (outputs != null) parts.add(outputs);
        if (fleet != null) parts.add(fleet);
        if (services != null) parts.add(services);
        if (llm != null) parts.add(llm);
        parts.add(stack);
        for (AutoCloseable part : parts)
            try {
                part.close();
            } catch (Exception e) {
                failures.add(e instanceof RuntimeException r ? r : new IllegalStateException(e));
            }
        if (!failures.isEmpty()) {
            IllegalStateException e = new IllegalStateException("closing the chaos run failed", failures.get(0));
            failures.stream().skip(1).forEach(e::addSuppressed);
            throw e;
        }
    }
}
