package dev.schemarag.app.supervision;

import dev.schemarag.core.service.Service;
import java.nio.file.Path;

/** Where {@code schemarag up} keeps its supervisor's pid file, the services' pids and their logs. */
public record SupervisedLayout(Path home) {
    public SupervisedLayout {
        home = home.toAbsolutePath().normalize();
    }

    Path stateDir() {
        return home.resolve(".schemarag");
    }

    public Path supervisorPidFile() {
        return stateDir().resolve("supervisor.pid");
    }

    /** The services' current pids, rewritten by the supervisor whenever it starts one. */
    public Path servicePidsFile() {
        return stateDir().resolve("services.pids");
    }

    Path logsDir() {
        return stateDir().resolve("logs");
    }

    public Path log(Service service) {
        return logsDir().resolve(service.id() + ".log");
    }

    Path supervisorLog() {
        return logsDir().resolve("supervisor.log");
    }
}
