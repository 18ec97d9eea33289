package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line's environment on the shared test stack, named {@code name}: a small target database whose table
 * doc has one Common Query, registered through a databases file (the stack's superuser as admin, the least-privilege
 * reader role as reader) and synced into a store of its own, reached as the store's runtime role, with the
 * settings given as system properties (which take precedence over environment variables) so that the commands
 * run on the test stack under the topic prefix {@code <name>.}. The question pipeline's services run in this JVM as
 * {@code serve} runs them ({@link RunningServices}): retrieval, then generation offline from verified examples (no LLM
 * is configured).
 */
public final class CliTestEnvironment implements AutoCloseable {
    /** The reader role is cluster-wide: the password the other test classes give it too. */
    private static final String READER_PASSWORD = "reader-secret";

    static final String DOCUMENTED_SQL =
            "SELECT e.department_id, count(*) FROM public.employees e GROUP BY e.department_id";
    private static final String EMPLOYEES_DOC = """
            # Table: employees

            ## Purpose
            Staff members of the company.

            ## Common Queries

            ### Query Pattern: Number of employees per department
            ```sql
            %s
            ```
            """.formatted(DOCUMENTED_SQL);

    final String databaseId;
    final Services services;
    private final Map<String, String> properties;
    private RunningServices pipeline;

    private CliTestEnvironment(String databaseId, Services services, Map<String, String> properties) {
        this.databaseId = databaseId;
        this.services = services;
        this.properties = properties;
    }

    /** Creates and syncs the database {@code name}, then starts the question pipeline's services. */
    static CliTestEnvironment start(String name, Path dir) throws Exception {
        return start(name, dir, true, Map.of());
    }

    /** Creates and syncs the database {@code name}; starts the question pipeline when {@code withPipeline}. */
    static CliTestEnvironment start(String name, Path dir, boolean withPipeline) throws Exception {
        return start(name, dir, withPipeline, Map.of());
    }

    /** As {@link #start(String, Path)}, with {@code overrides} (e.g. another broker and its credentials) on top. */
    static CliTestEnvironment start(String name, Path dir, Map<String, String> overrides) throws Exception {
        return start(name, dir, true, overrides);
    }

    /** As {@link #start(String, Path, Map)}; the question pipeline runs in this JVM only when {@code withPipeline}. */
    static CliTestEnvironment start(String name, Path dir, boolean withPipeline, Map<String, String> overrides)
            throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(name);
        stack.postgres().createDatabaseIfMissing(name + "_store");
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        try (Database target = new Database(stack.postgres().jdbcUrl(name), user, password);
                Connection session = target.borrow();
                Statement s = session.createStatement()) {
            s.execute("""
                    CREATE TABLE departments (department_id int PRIMARY KEY, department_name text);
                    CREATE TABLE employees (employee_id int PRIMARY KEY, full_name text,
                        department_id int REFERENCES departments, hire_date date);
                    """);
            ReaderRole.grant(session, name, List.of("public"), READER_PASSWORD);
        }
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("employees.md"), EMPLOYEES_DOC);
        Path databasesFile = dir.resolve("databases.json");
        Files.writeString(databasesFile, """
                [{"id": "%s", "jdbcUrl": "%s", "admin": {"user": "%s", "password": "%s"},
                  "reader": {"user": "%s", "password": "%s"}, "schemas": ["public"], "docs": "docs"}]
                """.formatted(
                        name, stack.postgres().jdbcUrl(name), user, password, ReaderRole.NAME, READER_PASSWORD));

        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(AppSettings.KAFKA_BOOTSTRAP_SERVERS.key(), stack.bootstrapServers());
        properties.put(AppSettings.SCHEMA_REGISTRY_URL.key(), stack.registryUrl());
        properties.put(AppSettings.STORE_JDBC_URL.key(), stack.postgres().jdbcUrl(name + "_store"));
        // The store runtime role keeps its default (schemarag_app), which the administrator creates, as on the embedded
        // stack.
        properties.put(AppSettings.STORE_ADMIN_USER.key(), user);
        properties.put(AppSettings.STORE_ADMIN_PASSWORD.key(), password);
        properties.put(AppSettings.TOPIC_PREFIX.key(), name + ".");
        properties.put(AppSettings.DATABASES_FILE.key(), databasesFile.toString());
        properties.put("schemarag.home", dir.toString());
        properties.putAll(overrides);
        properties.forEach(System::setProperty);

        CliTestEnvironment environment = new CliTestEnvironment(name, Services.fromEnvironment(), properties);
        DatabaseRegistry databases = TargetDatabases.load(environment.services);
        try (IngestService ingest = environment.services.ingest(databases)) {
            ingest.sync(name, SyncProgress.NONE);
        }
        if (withPipeline) environment.pipeline = new RunningServices(environment.services, databases);
        return environment;
    }

    /** The settings the commands run with, as system properties (for a command started as a process of its own). */
    Map<String, String> properties() {
        return Map.copyOf(properties);
    }

    void startPipeline() throws Exception {
        if (pipeline == null) pipeline = new RunningServices(services, TargetDatabases.load(services));
    }

    void stopPipeline() {
        if (pipeline != null) pipeline.close();
        pipeline = null;
    }

    /** Runs {@code schemarag <args>} as {@link SchemaRagCli#main} does, capturing what the command prints. */
    public static Run execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = SchemaRagCli.commandLine(args)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new Run(exitCode, out.toString(), err.toString());
    }

    /** A command's exit code and what it printed on its standard output and standard error. */
    public record Run(int exitCode, String output, String errors) {}

    @Override
    public void close() {
        stopPipeline();
        services.close();
        properties.keySet().forEach(System::clearProperty);
    }
}
