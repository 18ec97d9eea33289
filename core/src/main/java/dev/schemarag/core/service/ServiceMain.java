package dev.schemarag.core.service;

import dev.schemarag.core.admin.AdminAccess;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.http.HttpSettings;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The {@code serve} plumbing every service shares, whether started by its own module's main (one image per service)
 * or by {@code schemarag serve <service>}: it refuses an unsafe admin binding before anything starts (exit 2), runs
 * the service until SIGTERM (the JVM exits with 143 once closed) or until a stream client fails for good (exit 1 once closed, for a
 * supervisor to restart it).
 */
public final class ServiceMain {
    /** The admin endpoint would listen beyond loopback without a token (or with a short one). */
    public static final int REFUSED = 2;

    private ServiceMain() {}

    /** One service's start: builds it from the runtime, announces its admin port, then blocks in {@link ServiceLifecycle#awaitStop()}. */
    @FunctionalInterface
    public interface Body {
        void run(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle) throws Exception;
    }

    /**
     * The settings a service reads: the shared connections, admin and HTTP, Kafka security and streams limits, then its
     * own.
     */
    public static List<Setting<?>> settings(List<Setting<?>> own) {
        List<Setting<?>> all = new ArrayList<>(RuntimeSettings.declared());
        all.addAll(AdminSettings.declared());
        all.addAll(HttpSettings.declared());
        all.addAll(KafkaClientSecurity.declared());
        all.addAll(StreamsSettings.declared());
        all.addAll(own);
        return all;
    }

    /** A service module's {@code main}: settings from the environment, validated against {@code declared}; exits the JVM. */
    public static void exit(Service service, List<Setting<?>> declared, Body body) {
        int code;
        try {
            code = run(service, () -> ServiceRuntime.fromEnvironment(declared), body);
        } catch (Exception e) {
            e.printStackTrace();
            code = ServiceLifecycle.FAILED;
        }
        System.exit(code);
    }

    /** Runs {@code service} in this process and returns its exit code. */
    public static int run(Service service, Supplier<? extends ServiceRuntime> runtimes, Body body) throws Exception {
        ServiceLifecycle lifecycle = new ServiceLifecycle();
        lifecycle.installShutdownHook();
        try {
            try (ServiceRuntime runtime = runtimes.get()) {
                String host = runtime.settings().get(AdminSettings.ADMIN_HOST);
                String token = runtime.settings().get(AdminSettings.ADMIN_TOKEN);
                try {
                    AdminAccess.forBinding(host, token); // refuse before anything starts
                } catch (IllegalStateException e) {
                    System.err.println(e.getMessage());
                    return REFUSED;
                }
                body.run(runtime, new ServiceAdmin(service.id(), host, token, runtime, lifecycle), lifecycle);
            }
            return lifecycle.exitCode();
        } finally {
            lifecycle.closed();
        }
    }
}
