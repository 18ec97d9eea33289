package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.generation.examples.VerifiedExample;
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.service.IngestSettings;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.ContextView;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.retrieval.pgvector.PgVectorSchemaIndex;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Privilege-filtered retrieval on the demo ERP in a real PostgreSQL, synced by ingest with live change capture: hr
 * reads payroll and every column of employees, sales no payroll table and, on employees, only the id, the names and
 * the department (a column grant). PostgreSQL itself ({@code has_column_privilege}) says which names sales may not
 * read; no context built for sales may name one, anywhere in what retrieval returns; a REVOKE reaches retrieval live.
 * The demo's documented queries are seeded as verified examples, as generation does at its start: neither the packets
 * nor the offline generator's lookup give sales one that reads payroll or {@code employees.base_salary}.
 */
class PrincipalContextIT {
    private static final String DB = "principals_it";
    private static final String HR = "pcit_hr";
    private static final String SALES = "pcit_sales";
    /** A role that reads payroll, which sales is made a member of and then not, live. */
    private static final String PAYROLL_READER = "pcit_payroll_reader";

    private static final List<String> PAYROLL = List.of("payroll_runs", "payslips", "payslip_lines");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_$]+");

    /** Thirty questions about pay and people. */
    private static final List<String> QUESTIONS = List.of(
            "What is the total gross pay of each payroll run?",
            "Which employees earn the highest base salary?",
            "Average base salary per department",
            "List the payslips of employee E1001 with net pay and tax withheld",
            "How much social security was withheld in the last payroll run?",
            "Which payroll runs are still in draft status?",
            "Total net pay per month in 2025",
            "Show the payslip lines of type bonus",
            "Who are the managers and how many people report to each?",
            "List employees hired this year with their department",
            "Which employees have a salary above the maximum of their job position band?",
            "How many employees work in each department?",
            "Compare the base salary of full-time and part-time employees",
            "What did we pay in wages per cost center last quarter?",
            "Which employees were on leave last month?",
            "List the names and departments of all active employees",
            "Employees with the largest increase in gross pay between two runs",
            "What is the total payroll cost per company?",
            "Which employees have no payslip in the latest run?",
            "Show the birth dates and salaries of employees in sales",
            "Average net pay by employment type",
            "Who approved the payroll run for March?",
            "Which departments have the highest salary costs?",
            "List contractors and their pay",
            "How many payslips were issued per payroll run?",
            "What is the median base salary of engineers?",
            "Employees whose payslip tax withheld exceeds 30 percent of gross pay",
            "Show each employee with their manager's name",
            "Sum of bonuses paid to employees this year",
            "Which employees changed department in the last six months?");

    private static EmbeddedStack stack;
    private static Database store;
    private static Database target;
    private static IngestService ingest;
    private static EmbeddingModel model;
    private static SchemaRetriever retriever;
    private static VerifiedExampleStore examples;
    private static Thread follower;

    @BeforeAll
    static void load(@TempDir Path dir) throws Exception {
        stack = SharedTestStack.get();
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        stack.postgres().createDatabaseIfMissing(DB);
        store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        target = new Database(stack.postgres().jdbcUrl(DB), user, password);
        Path extracted = DemoDatabase.extract(dir.resolve("demo"));
        DemoDatabase.loadIfEmpty(target, extracted);
        sql(
                "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + HR + "') THEN CREATE ROLE "
                        + HR + "; END IF; IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + SALES
                        + "') THEN CREATE ROLE " + SALES + "; END IF; IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE"
                        + " rolname = '" + PAYROLL_READER + "') THEN CREATE ROLE " + PAYROLL_READER
                        + "; END IF; END $$",
                "REVOKE " + PAYROLL_READER + " FROM " + SALES, // a run that stopped half-way may have left it
                "CREATE SCHEMA IF NOT EXISTS probe",
                "CREATE TABLE IF NOT EXISTS probe.badges (badge_id bigint PRIMARY KEY, holder text)",
                "GRANT USAGE ON SCHEMA public, probe TO " + HR + ", " + SALES,
                "GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + HR,
                "GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + SALES,
                "REVOKE SELECT ON payroll_runs, payslips, payslip_lines, employees FROM " + SALES,
                "GRANT SELECT (employee_id, first_name, last_name, department_id) ON employees TO " + SALES,
                "GRANT SELECT ON probe.badges TO " + HR + ", " + SALES,
                "GRANT SELECT ON " + String.join(", ", PAYROLL) + " TO " + PAYROLL_READER);
        RegisteredDatabase registered = new RegisteredDatabase(
                        DB,
                        stack.postgres().jdbcUrl(DB),
                        new Credentials(user, password),
                        null,
                        List.of("public", "probe"),
                        extracted.resolve("modules.json"),
                        extracted.resolve("docs"))
                .withPrincipals(new Principals(Map.of("hr", HR, "sales", SALES), null));
        model = OnnxEmbeddingModel.schemaIndexDefault();
        ingest = new IngestService(
                IngestService.Config.of(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        dir.resolve("state"),
                        "schemarag_cdc",
                        "cdc-secret",
                        IngestSettings.CDC_POLL_INTERVAL_MS.defaultValue()),
                new DatabaseRegistry(List.of(registered)),
                () -> new Topics("principals-it.", stack.registryClient()),
                model,
                store);
        ingest.sync(DB, SyncProgress.NONE);
        ingest.startLiveSync(StreamsSettings.DEFAULTS, new SimpleMeterRegistry(), () -> {});
        ingest.awaitCaptureReady(Duration.ofSeconds(60));
        examples = new VerifiedExampleStore(store, model);
        examples.seedFromDocs(DB);
        retriever = new SchemaRetriever(new PgVectorSchemaIndex(store), model, RetrievalSettings.defaults(), 256);
        retriever.warmUp();
        retriever.follow();
        // As the retrieval service's catalog follower does, at its default poll interval.
        long poll = RetrievalService.CATALOG_POLL_MS.defaultValue();
        follower = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(poll);
                    retriever.refresh();
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
        follower.setDaemon(true);
        follower.start();
    }

    @AfterAll
    static void stop() {
        if (follower != null) follower.interrupt();
        if (ingest != null) ingest.close();
    }

    @Test
    void salesContextsNameNoTableOrColumnSalesCannotRead() throws Exception {
        Set<String> secret = unreadableNames(SALES);
        assertThat(secret).as("PostgreSQL's own verdict").containsAll(PAYROLL).contains("base_salary");
        Set<String> hrSaw = new TreeSet<>();
        List<String> leaks = new ArrayList<>();
        for (String question : QUESTIONS) {
            for (Boolean useRetrieval : new Boolean[] {null, false}) {
                RetrievedContext sales = context("sales", question, useRetrieval);
                for (String name : names(sales))
                    if (secret.contains(name)) leaks.add(question + " (" + useRetrieval + "): " + name);
            }
            hrSaw.addAll(names(context("hr", question, null)));
        }
        assertThat(leaks).as("names sales may not read, in its contexts").isEmpty();
        assertThat(hrSaw).as("hr is shown what sales is not").contains("payslips", "base_salary");
    }

    @Test
    void examplesAreServedOnlyToPrincipalsThatMayReadEverythingTheyRead() throws Exception {
        Set<String> salesSql = new TreeSet<>();
        Set<String> hrSql = new TreeSet<>();
        for (String question : QUESTIONS) {
            salesSql.addAll(documentedQueries(context("sales", question, null)));
            examples.nearest(DB, Asker.of("sales"), question)
                    .map(VerifiedExample::sql)
                    .ifPresent(salesSql::add);
            hrSql.addAll(documentedQueries(context("hr", question, null)));
            examples.nearest(DB, Asker.of("hr"), question)
                    .map(VerifiedExample::sql)
                    .ifPresent(hrSql::add);
        }
        Pattern payroll = Pattern.compile("(?i)\\b(" + String.join("|", PAYROLL) + "|base_salary)\\b");
        assertThat(salesSql).as("examples sales was given").isNotEmpty().noneMatch(sql -> payroll.matcher(sql)
                .find());
        assertThat(hrSql).as("examples hr was given").anyMatch(sql -> payroll.matcher(sql)
                .find());
        Optional<VerifiedExample> salaries = examples.nearest(DB, Asker.of("hr"), "Average salary by department");
        assertThat(salaries).map(VerifiedExample::sql).hasValueSatisfying(sql -> assertThat(sql)
                .contains("base_salary"));
        assertThat(examples.nearest(DB, Asker.of("sales"), "Average salary by department"))
                .map(VerifiedExample::sql)
                .hasValueSatisfying(sql -> assertThat(sql).doesNotContain("base_salary"));
        assertThat(examples.nearest(DB, Asker.of("mallory"), "Average salary by department"))
                .isEmpty();
    }

    /** The SQL of the documented queries a context holds. */
    private static List<String> documentedQueries(RetrievedContext context) {
        return context.docChunks().stream()
                .filter(hit -> hit.chunk().kind() == DocKind.QUERY)
                .map(hit -> hit.chunk().content())
                .toList();
    }

    @Test
    void anUnmappedPrincipalGetsNoContext() {
        RetrievalResult result =
                retriever.retrieve(RetrievalRequest.of(DB, QUESTIONS.get(0)).withAsker(Asker.of("mallory")));

        assertThat(result).isInstanceOf(RetrievalFailure.class);
        assertThat(((RetrievalFailure) result).errorClass().wireName()).isEqualTo("access_denied");
    }

    @Test
    void aPrincipalsFilterAddsLittleToRetrieval() {
        List<Double> anonymous = new ArrayList<>();
        List<Double> sales = new ArrayList<>();
        for (int round = 0; round < 5; round++)
            for (String question : QUESTIONS) {
                anonymous.add(timed(RetrievalRequest.of(DB, question)));
                sales.add(timed(RetrievalRequest.of(DB, question).withAsker(Asker.of("sales"))));
            }
        double added = p50(sales) - p50(anonymous);
        System.out.printf(
                Locale.ROOT,
                "retrieval p50 without principal %.2f ms, as sales %.2f ms, added %.2f ms (%d questions)%n",
                p50(anonymous),
                p50(sales),
                added,
                anonymous.size());
        assertThat(added).as("p50 added by the filter, ms").isLessThan(5.0);
    }

    @Test
    void rowLevelSecurityPoliciesAreRecordedLive() throws Exception {
        sql(
                "ALTER TABLE probe.badges ENABLE ROW LEVEL SECURITY",
                "CREATE POLICY own_badges ON probe.badges USING (holder = current_user)");
        awaitPolicies("{own_badges}");
        sql("ALTER POLICY own_badges ON probe.badges RENAME TO holders_only");
        awaitPolicies("{holders_only}");
        sql("DROP POLICY holders_only ON probe.badges");
        awaitPolicies("{}");
        sql("ALTER TABLE probe.badges DISABLE ROW LEVEL SECURITY");
        awaitPolicies(null);
    }

    /** Waits until the store records {@code policies} (text form) for probe.badges; null: no row security. */
    private static void awaitPolicies(String policies) {
        await("policies " + policies)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(10))
                .until(() ->
                        Objects.equals(recordedPolicies(), policies)); // null: no row, which a matcher would not match
    }

    private static String recordedPolicies() throws Exception {
        try (Connection c = store.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT policies::text FROM catalog_table_policies WHERE database_id = '"
                        + DB + "' AND schema_name = 'probe' AND table_name = 'badges'")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    /**
     * A REVOKE and a GRANT reach retrieval as fast as other DDL does: both are timed from their commit until a question
     * sees them, a COMMENT (which changes a table) in the same way and the same run as the baseline.
     */
    @Test
    void aLiveRevokeReachesRetrievalWithinTheFreshnessOfOtherDdl() throws Exception {
        List<Double> comments = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String holders = "Badge holders, round " + i;
            comments.add(untilSeen(
                    "COMMENT ON TABLE probe.badges IS '" + holders + "'",
                    () -> probe("hr") instanceof RetrievalResult.Retrieved r
                            && r.context().packet().contains(holders)));
        }
        List<Double> grants = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            boolean revoke = i % 2 == 0;
            grants.add(untilSeen(
                    (revoke ? "REVOKE SELECT ON probe.badges FROM " : "GRANT SELECT ON probe.badges TO ") + SALES,
                    () -> (probe("sales") instanceof RetrievalResult.Retrieved) != revoke));
        }
        System.out.printf(
                Locale.ROOT,
                "commit to retrieval: COMMENT p50 %.1f ms, p95 %.1f ms; REVOKE/GRANT p50 %.1f ms, p95 %.1f ms%n",
                p50(comments),
                p95(comments),
                p50(grants),
                p95(grants));
        assertThat(p95(grants)).as("REVOKE/GRANT p95 against COMMENT's, ms").isLessThanOrEqualTo(p95(comments) + 100);
    }

    /**
     * A role membership fires no event trigger: ingest's probe of the mapped roles' memberships captures it instead,
     * and it reaches retrieval through the schema-changes and catalog topics as a GRANT does. Timed from the commit of
     * {@code GRANT payroll_reader TO sales} until sales's full-schema context shows a payroll table, and of the REVOKE
     * until it shows none; printed, not asserted (the probe polls every second by default).
     */
    @Test
    void aRoleMembershipGrantedOrRevokedLiveReachesRetrieval() throws Exception {
        String question = QUESTIONS.get(0);
        List<Double> grants = new ArrayList<>();
        List<Double> revokes = new ArrayList<>();
        try {
            for (int round = 0; round < 2; round++) {
                grants.add(untilSeen(
                        "GRANT " + PAYROLL_READER + " TO " + SALES,
                        () -> names(context("sales", question, false)).containsAll(PAYROLL)));
                revokes.add(untilSeen(
                        "REVOKE " + PAYROLL_READER + " FROM " + SALES,
                        () -> Collections.disjoint(names(context("sales", question, false)), PAYROLL)));
            }
        } finally {
            sql("REVOKE " + PAYROLL_READER + " FROM " + SALES);
        }
        System.out.printf(
                Locale.ROOT,
                "commit to retrieval: GRANT role TO role %s ms, REVOKE role FROM role %s ms%n",
                grants,
                revokes);
    }

    private interface Seen {
        boolean now() throws Exception;
    }

    /** Milliseconds from the statement's commit until retrieval answers as it should after it. */
    private static double untilSeen(String statement, Seen seen) throws Exception {
        long committed = System.nanoTime();
        sql(statement);
        while (!seen.now()) {
            assertThat(System.nanoTime() - committed).as(statement).isLessThan(30_000_000_000L);
            Thread.sleep(1);
        }
        return (System.nanoTime() - committed) / 1e6;
    }

    private static RetrievalResult probe(String principal) {
        return retriever.retrieve(new RetrievalRequest(
                DB, "Which badges are there?", null, false, Set.of("probe"), Map.of(), null, Asker.of(principal)));
    }

    private static double p95(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get((int) Math.ceil(0.95 * sorted.size()) - 1);
    }

    private static double timed(RetrievalRequest request) {
        long started = System.nanoTime();
        assertThat(retriever.retrieve(request)).isInstanceOf(RetrievalResult.Retrieved.class);
        return (System.nanoTime() - started) / 1e6;
    }

    private static double p50(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static RetrievedContext context(String principal, String question, Boolean useRetrieval) {
        RetrievalResult result = retriever.retrieve(
                RetrievalRequest.of(DB, question).withUseRetrieval(useRetrieval).withAsker(Asker.of(principal)));
        assertThat(result).as(question).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }

    /**
     * Every word of everything retrieval returns for the context: the view MCP and the web console show (tables,
     * reasons, join hints, blocked expansions, doc chunks, the packet), the metadata, the expansion and the bridges.
     */
    private static Set<String> names(RetrievedContext context) throws Exception {
        String all = new ObjectMapper().writeValueAsString(ContextView.of(context))
                + context.metadata()
                + context.expansion()
                + context.bridging()
                + context.tables()
                + context.joinHints();
        Set<String> words = new HashSet<>();
        Matcher m = WORD.matcher(all);
        while (m.find()) words.add(m.group().toLowerCase(Locale.ROOT));
        return words;
    }

    /**
     * The names of tables and columns {@code role} may not read and that name nothing it may read, as PostgreSQL
     * decides: a column {@code name} it reads in another table is no secret.
     */
    private static Set<String> unreadableNames(String role) throws Exception {
        Set<String> hidden = new HashSet<>();
        Set<String> shown = new HashSet<>();
        try (Connection c = target.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT c.relname, a.attname,"
                        + " has_table_privilege('" + role + "', c.oid, 'SELECT'),"
                        + " has_column_privilege('" + role + "', c.oid, a.attnum, 'SELECT')"
                        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                        + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
                        + " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v')")) {
            while (rs.next()) {
                boolean anyColumn = rs.getBoolean(4);
                (rs.getBoolean(3) || anyColumn ? shown : hidden).add(rs.getString(1));
                (anyColumn ? shown : hidden).add(rs.getString(2));
            }
        }
        // A table readable through a column grant shows its name.
        hidden.removeAll(shown);
        return hidden;
    }

    private static void sql(String... statements) throws Exception {
        try (Connection c = target.open();
                Statement s = c.createStatement()) {
            for (String statement : statements) s.execute(statement);
        }
    }
}
