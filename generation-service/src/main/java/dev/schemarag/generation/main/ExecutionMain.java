package dev.schemarag.generation.main;

import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.service.DatabasesWatch;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceAdmin;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.ExecutionStageSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * The execution service's process (its container image's entry point, built from generation's module, and
 * {@code schemarag serve execution}): runs the answers of databases registered with {@code execute} and publishes
 * their rows.
 */
public final class ExecutionMain {
    /** The row cap until the executor's own settings are wired in (see {@link #maxRows}). */
    private static final int ROW_CAP = 1_000;

    private ExecutionMain() {}

    public static void main(String[] args) {
        ServiceMain.exit(Service.EXECUTION, settings(), ExecutionMain::serve);
    }

    /** Every setting this process reads. */
    public static List<Setting<?>> settings() {
        return ServiceMain.settings(ExecutionStageSettings.declared()); // generation's and the LLM's included
    }

    /**
     * The adapter that runs the statements, as the databases' readers: the one place it is chosen. Until the JDBC
     * adapter is wired in here, every answer is refused as infra_failure (dead-lettered, replayable once it is).
     */
    public static QueryExecutor executor(ServiceRuntime runtime, DatabaseRegistry databases) {
        return (databaseId, sql, maxRows, atMost) -> new ExecutionOutcome.Refused(
                ErrorClass.INFRA_FAILURE, "this build has no query executor for " + databaseId);
    }

    /** Rows read at most per answer. */
    public static int maxRows(Settings settings) {
        return ROW_CAP;
    }

    public static ExecutionService service(ServiceRuntime runtime, DatabaseRegistry databases, QueryExecutor executor) {
        return service(
                runtime,
                databases,
                executor,
                runtime.topics().prefix() + ExecutionService.APPLICATION_ID,
                runtime.stateDir().resolve("execution"));
    }

    /** As {@link #service(ServiceRuntime, DatabaseRegistry, QueryExecutor)}, under another id and state directory. */
    public static ExecutionService service(
            ServiceRuntime runtime,
            DatabaseRegistry databases,
            QueryExecutor executor,
            String applicationId,
            Path streamsStateDir) {
        return new ExecutionService(
                applicationId,
                runtime.bootstrapServers(),
                runtime.security(),
                streamsStateDir,
                runtime.topics(),
                runtime.settings(),
                databases,
                executor,
                maxRows(runtime.settings()),
                runtime.meters());
    }

    /** Runs until SIGTERM or a stream failure. */
    public static void serve(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception {
        DatabaseRegistry databases = TargetDatabases.load(runtime);
        QueryExecutor executor = executor(runtime, databases);
        try (ExecutionService execution = service(runtime, databases, executor);
                AdminServer server = admin.streams(AdminSettings.EXECUTION_ADMIN_PORT, execution::state)) {
            admin.announce(server.port());
            execution.start(lifecycle::fail);
            DatabasesWatch watch = DatabasesWatch.start(runtime, databases, execution::apply);
            try {
                lifecycle.awaitStop();
            } finally {
                watch.close();
            }
        } finally {
            if (executor instanceof AutoCloseable pools) pools.close();
        }
    }
}
