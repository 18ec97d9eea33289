package dev.schemarag.retrieval.main;

import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceAdmin;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.retrieval.llm.OpenAiTableChooser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The retrieval service's process (its container image's entry point, and {@code schemarag serve retrieval}). */
public final class RetrievalMain {
    private RetrievalMain() {}

    public static void main(String[] args) {
        ServiceMain.exit(Service.RETRIEVAL, settings(), RetrievalMain::serve);
    }

    /** Every setting this process reads. */
    public static List<Setting<?>> settings() {
        List<Setting<?>> own = new ArrayList<>(RetrievalSettings.DECLARED);
        own.add(VectorSearch.SETTING);
        own.add(RetrievalService.CATALOG_POLL_MS);
        own.addAll(LlmSettings.declared());
        return ServiceMain.settings(own);
    }

    public static RetrievalService service(ServiceRuntime runtime) {
        return service(runtime, LlmSettings.from(runtime.settings()).map(OpenAiTableChooser::new));
    }

    /** The service with the given model for the optional LLM selection step, whatever {@code llm.*} says. */
    public static RetrievalService service(ServiceRuntime runtime, Optional<OpenAiTableChooser> chooser) {
        return new RetrievalService(
                runtime.store(),
                runtime.model(),
                RetrievalSettings.from(runtime.settings()),
                VectorSearch.from(runtime.settings()),
                Duration.ofMillis(runtime.settings().get(RetrievalService.CATALOG_POLL_MS)),
                runtime.meters(),
                chooser);
    }

    /** Runs until SIGTERM or until the stream client fails for good. */
    public static void serve(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception {
        try (RetrievalService retrieval = service(runtime);
                AdminServer server = admin.streams(
                        AdminSettings.RETRIEVAL_ADMIN_PORT, retrieval::state, List.of(retrieval.catalogReadiness()))) {
            admin.announce(server.port());
            retrieval.start(
                    runtime.bootstrapServers(),
                    runtime.security(),
                    runtime.topics(),
                    runtime.stateDir().resolve("retrieval"),
                    runtime.streamsSettings(),
                    lifecycle::fail);
            lifecycle.awaitStop();
        }
    }
}
