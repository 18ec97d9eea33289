package dev.schemarag.generation.main;

import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.service.DatabasesWatch;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceAdmin;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.service.ExecutionService;
import dev.schemarag.generation.service.ExecutionSettings;
import dev.schemarag.generation.service.ExecutionStageSettings;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import java.nio.file.Path;
import java.util.List;

/**
 * The execution service's process (its container image's entry point, built from generation's module, and
 * {@code schemarag serve execution}): runs the answers of databases registered with {@code execute} and publishes
 * their rows.
 */
public final class ExecutionMain {
    private ExecutionMain() {}

    public static void main(String[] args) {
        ServiceMain.exit(Service.EXECUTION, settings(), ExecutionMain::serve);
    }

    /** Every setting this process reads. */
    public static List<Setting<?>> settings() {
        return ServiceMain.settings(ExecutionStageSettings.declared()); // generation's and the LLM's included
    }

    /** The adapter that runs the statements as the databases' readers, within the caps, PII masked. */
    public static QueryExecutorsByDialect executor(ServiceRuntime runtime, DatabaseRegistry databases) {
        return ExecutionSettings.queryExecutor(runtime.settings(), databases);
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
                runtime.settings().get(ExecutionSettings.MAX_ROWS),
                runtime.meters());
    }

    /** Runs until SIGTERM or a stream failure. */
    public static void serve(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception {
        DatabaseRegistry databases = TargetDatabases.load(runtime);
        try (QueryExecutorsByDialect executor = executor(runtime, databases);
                ExecutionService execution = service(runtime, databases, executor);
                AdminServer server = admin.streams(AdminSettings.EXECUTION_ADMIN_PORT, execution::state)) {
            admin.announce(server.port());
            execution.start(lifecycle::fail);
            DatabasesWatch watch = DatabasesWatch.start(runtime, databases, changes -> {
                execution.apply(changes);
                // The statements' pools too: a removed or re-registered database's reader may have changed.
                changes.removed().forEach(db -> executor.forget(db.id()));
            });
            try {
                lifecycle.awaitStop();
            } finally {
                watch.close();
            }
        }
    }
}
