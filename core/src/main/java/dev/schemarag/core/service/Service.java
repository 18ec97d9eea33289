package dev.schemarag.core.service;

import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import java.util.Arrays;
import java.util.Optional;

/**
 * The services SchemaRAG runs, each a process of its own, in the order a supervisor starts them. Its {@link #id()} is
 * its name everywhere outside Java: {@code schemarag serve <id>}, its line in the pid file, its log, its admin
 * announcement. A new service is one constant here and its main in the command line's {@code serve}.
 */
public enum Service {
    /**
     * Ingest's work can wait a little, the questions' cannot: on a machine the services share, ingest runs at a lower
     * CPU priority, so that a burst of schema changes, which it re-embeds, does not slow retrieval down. When the CPU
     * is free it runs at full speed.
     */
    INGEST("ingest", AdminSettings.INGEST_ADMIN_PORT, 10),
    RETRIEVAL("retrieval", AdminSettings.RETRIEVAL_ADMIN_PORT, 0),
    GENERATION("generation", AdminSettings.GENERATION_ADMIN_PORT, 0),
    EXECUTION("execution", AdminSettings.EXECUTION_ADMIN_PORT, 0),
    WEB("web", AdminSettings.WEB_PORT, 0);

    private final String id;
    private final Setting<Integer> adminPort;
    private final int niceness;

    Service(String id, Setting<Integer> adminPort, int niceness) {
        this.id = id;
        this.adminPort = adminPort;
        this.niceness = niceness;
    }

    public String id() {
        return id;
    }

    /** The port whose {@code /health} and {@code /ready} tell how the service is. */
    public Setting<Integer> adminPort() {
        return adminPort;
    }

    /** How much a supervisor lowers its CPU priority ({@code nice -n}); 0 for none. */
    public int niceness() {
        return niceness;
    }

    public static Optional<Service> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }

    /** The id, which the command line also reads and lists as {@code serve}'s argument. */
    @Override
    public String toString() {
        return id;
    }
}
