package dev.schemarag.app;

import java.nio.file.Path;
import java.util.List;

/** Where {@code schemarag up} keeps its supervisor's pid file, the services' pids and their logs. */
record SupervisedLayout(Path home) {
    static final List<String> SERVICES = List.of("ingest", "retrieval", "generation", "web");

    SupervisedLayout {
        home = home.toAbsolutePath().normalize();
    }

    Path stateDir() {
        return home.resolve(".schemarag");
    }

    Path supervisorPidFile() {
        return stateDir().resolve("supervisor.pid");
    }

    /** The services' current pids, rewritten by the supervisor whenever it starts one. */
    Path servicePidsFile() {
        return stateDir().resolve("services.pids");
    }

    Path logsDir() {
        return stateDir().resolve("logs");
    }

    Path log(String service) {
        return logsDir().resolve(service + ".log");
    }
}
