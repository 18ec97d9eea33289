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
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.generation.service.GenerationSettings;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The generation service's process (its container image's entry point, and {@code schemarag serve generation}). */
public final class GenerationMain {
    private static final Logger log = LoggerFactory.getLogger(GenerationMain.class);

    private GenerationMain() {}

    public static void main(String[] args) {
        ServiceMain.exit(Service.GENERATION, settings(), GenerationMain::serve);
    }

    /** Every setting this process reads. */
    public static List<Setting<?>> settings() {
        return ServiceMain.settings(GenerationSettings.declared()); // the LLM's settings included
    }

    /** Generation and validation; EXPLAIN runs with the target databases' reader logins, checked read-only at start. */
    public static GenerationService service(ServiceRuntime runtime, DatabaseRegistry databases) {
        return service(
                runtime,
                databases,
                runtime.topics().prefix() + GenerationService.APPLICATION_ID,
                runtime.stateDir().resolve("generation"));
    }

    /** As {@link #service(ServiceRuntime, DatabaseRegistry)}, under another application id and state directory. */
    public static GenerationService service(
            ServiceRuntime runtime, DatabaseRegistry databases, String applicationId, Path streamsStateDir) {
        return new GenerationService(
                applicationId,
                runtime.bootstrapServers(),
                runtime.security(),
                streamsStateDir,
                runtime.topics(),
                runtime.settings(),
                databases,
                runtime.store(),
                runtime.examplesModel(),
                runtime.meters());
    }

    public static VerifiedExampleStore examples(ServiceRuntime runtime) {
        return new VerifiedExampleStore(runtime.store(), runtime.examplesModel());
    }

    /**
     * Brings the verified examples to the examples' model (answers another model embedded are embedded again) and seeds
     * them from the target databases' docs.
     */
    public static void prepareExamples(ServiceRuntime runtime, DatabaseRegistry databases) throws SQLException {
        VerifiedExampleStore examples = examples(runtime);
        int reembedded = examples.reembedAnswers();
        if (reembedded > 0) log.info("embedded {} stored answers again with {}", reembedded, examples.modelId());
        for (var db : databases.all()) examples.seedFromDocs(db.id());
    }

    /** Prepares the verified examples, then runs until SIGTERM or a stream failure. */
    public static void serve(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception {
        DatabaseRegistry databases = TargetDatabases.load(runtime);
        prepareExamples(runtime, databases);
        try (GenerationService generation = service(runtime, databases);
                AdminServer server = admin.streams(AdminSettings.GENERATION_ADMIN_PORT, generation::state)) {
            admin.announce(server.port());
            generation.start(lifecycle::fail);
            // The registry is the one generation validates with: the watch updates it; pools and examples follow here.
            DatabasesWatch watch = DatabasesWatch.start(runtime, databases, changes -> {
                generation.apply(changes);
                seed(runtime, changes);
            });
            try {
                lifecycle.awaitStop();
            } finally {
                watch.close();
            }
        }
    }

    private static void seed(ServiceRuntime runtime, DatabaseRegistry.Changes changes) {
        for (var db : changes.added()) {
            try {
                examples(runtime).seedFromDocs(db.id());
            } catch (SQLException e) {
                log.warn("documented queries of {} not seeded (sqlstate={})", db.id(), e.getSQLState());
            }
        }
    }
}
