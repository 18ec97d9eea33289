package dev.schemarag.web.main;

import dev.schemarag.core.admin.AdminAccess;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceAdmin;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.retrieval.VectorSearch;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.web.WebConsole;
import dev.schemarag.web.WebSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The web console's process (its container image's entry point, and {@code schemarag serve web}). */
public final class WebMain {
    private WebMain() {}

    public static void main(String[] args) {
        Optional<String> refused = unsafeBinding(Settings.fromEnvironment(settings()));
        if (refused.isPresent()) {
            System.err.println(refused.get());
            System.exit(ServiceMain.REFUSED);
        }
        ServiceMain.exit(Service.WEB, settings(), WebMain::serve);
    }

    /** Every setting this process reads: the services' shared ones, retrieval's (for /api/context) and its own. */
    public static List<Setting<?>> settings() {
        List<Setting<?>> own = new ArrayList<>(RetrievalSettings.DECLARED);
        own.add(VectorSearch.SETTING);
        own.addAll(WebSettings.declared());
        return ServiceMain.settings(own);
    }

    /**
     * Why the console must not start: it would listen beyond loopback without a token (or with a short one). Checked
     * before anything starts, as the services check their admin endpoints.
     */
    public static Optional<String> unsafeBinding(Settings settings) {
        try {
            AdminAccess.forBinding(settings.get(WebSettings.WEB_HOST), settings.get(AdminSettings.ADMIN_TOKEN));
            return Optional.empty();
        } catch (IllegalStateException e) {
            return Optional.of(e.getMessage()
                    .replace(
                            AdminSettings.ADMIN_HOST.environmentVariable(),
                            WebSettings.WEB_HOST.environmentVariable()));
        }
    }

    /** Serves the page and the HTTP API until SIGTERM. */
    public static void serve(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception {
        try (WebConsole console = new WebConsole(runtime, TargetDatabases.load(runtime))) {
            System.out.println("web console: " + console.url());
            lifecycle.awaitStop();
        }
    }
}
