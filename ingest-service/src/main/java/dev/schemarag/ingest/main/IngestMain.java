package dev.schemarag.ingest.main;

import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.DatabasesWatch;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceAdmin;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.ingest.admin.IngestAdmin;
import dev.schemarag.ingest.admin.IngestAdminServer;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.service.IngestSettings;
import dev.schemarag.ingest.text.EmbedTextBudget;
import java.time.Duration;
import java.util.List;

/** The ingest service's process (its container image's entry point, and {@code schemarag serve ingest}). */
public final class IngestMain {
    private IngestMain() {}

    public static void main(String[] args) {
        ServiceMain.exit(Service.INGEST, settings(), IngestMain::serve);
    }

    /** Every setting this process reads. */
    public static List<Setting<?>> settings() {
        return ServiceMain.settings(IngestSettings.declared());
    }

    public static IngestService service(ServiceRuntime runtime, DatabaseRegistry databases) {
        Settings settings = runtime.settings();
        return new IngestService(
                IngestService.Config.of(
                                runtime.bootstrapServers(),
                                runtime.security(),
                                runtime.stateDir().resolve(IngestService.STATE_SUBDIR),
                                settings.get(IngestSettings.REPLICATION_ROLE),
                                settings.get(IngestSettings.REPLICATION_PASSWORD),
                                settings.get(IngestSettings.CDC_POLL_INTERVAL_MS))
                        .withRecovery(IngestSettings.recovery(settings))
                        .withDataCheck(IngestSettings.dataCheck(settings))
                        .withRoleMembershipPoll(Duration.ofMillis(settings.get(IngestSettings.ROLE_MEMBERSHIP_POLL_MS)))
                        .withEmbedTextBudget(new EmbedTextBudget(settings.get(IngestSettings.EMBED_TEXT_MAX_TOKENS))),
                databases,
                runtime::topics,
                runtime.model(),
                runtime.store());
    }

    /**
     * Starts and stops change capture as databases are registered and unregistered in the databases file, without a
     * restart ({@code schemarag db add} and {@code db remove}).
     */
    public static DatabasesWatch watch(ServiceRuntime runtime, DatabaseRegistry databases, IngestService ingest) {
        return DatabasesWatch.start(runtime, databases, ingest::apply);
    }

    /** Follows every target database's DDL until SIGTERM or until the embedding updater fails for good. */
    public static void serve(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception {
        DatabaseRegistry databases = TargetDatabases.load(runtime);
        try (IngestService ingest = service(runtime, databases);
                IngestAdminServer server = new IngestAdminServer(
                        IngestAdmin.of(ingest, databases),
                        admin.host(),
                        runtime.settings().get(AdminSettings.INGEST_ADMIN_PORT),
                        admin.token(),
                        admin.allowList(),
                        lifecycle::live,
                        runtime.readinessChecks(),
                        List.of(admin.metrics()))) {
            admin.announce(server.port());
            ingest.startLiveSync(runtime.streamsSettings(), runtime.meters(), lifecycle::fail);
            DatabasesWatch watch = watch(runtime, databases, ingest);
            try {
                lifecycle.awaitStop();
            } finally {
                watch.close();
            }
        }
    }
}
