package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.supervision.ServiceHealth;
import dev.schemarag.app.supervision.SupervisedServices;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code schemarag up}: the embedded stack (unless the settings point elsewhere) and the services, supervised. */
@Command(
        name = "up",
        description = "Start the embedded stack and ingest, retrieval, generation, execution and the web console as"
                + " supervised processes"
                + " (restarted when they exit; logs in .schemarag/logs/); returns when all are ready.")
final class UpCommand implements Callable<Integer> {
    @Option(
            names = "--timeout-seconds",
            description = "How long to wait for the services to be ready (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds = 300;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Settings settings = Settings.fromEnvironment(AppSettings.all());
        for (Service service : Service.values())
            if (settings.get(service.adminPort()) == 0) {
                err.println("up needs fixed admin ports so that status can find the services: set "
                        + service.adminPort().environmentVariable() + " to a free port (0 picks one at random)");
                return 2;
            }
        String classpath = System.getProperty("java.class.path");
        if (StackSession.usesEmbeddedStack(settings)) {
            StackConfig config = StackConfig.defaults(ServiceRuntime.home());
            if (!DetachedStack.status(config).allUp()) {
                out.println("starting the embedded stack in " + config.baseDir());
                DetachedStack.up(config, classpath, false);
            }
        }
        SupervisedServices services = ChildProcesses.supervised(settings);
        Optional<ProcessHandle> running = services.supervisor();
        if (running.isPresent()) {
            out.println("services already supervised (supervisor pid "
                    + running.get().pid() + ")");
        } else {
            if (services.stopOrphans()) out.println("stopped services a killed supervisor left running");
            ProcessHandle supervisor = services.startSupervisor(classpath);
            out.println("started the supervisor (pid " + supervisor.pid() + ")");
        }
        List<ServiceHealth> health = services.awaitReady(Duration.ofSeconds(Math.max(1, timeoutSeconds)));
        out.print(ServiceHealth.render(health));
        out.flush(); // before the lines on standard error about the services that are not ready
        if (ServiceHealth.allReady(health)) return 0;
        for (ServiceHealth s : health)
            if (s.health() != ServiceHealth.Health.READY)
                err.println(s.service() + " is " + s.health().label() + "; see " + services.log(s.service()));
        return 1;
    }
}
