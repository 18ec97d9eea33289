package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.supervision.ServiceHealth;
import dev.schemarag.app.supervision.SupervisedServices;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import dev.schemarag.stack.StackStatus;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag status}: each service's pid, health and admin URL, and the embedded stack's. */
@Command(name = "status", description = "Show each service (pid, GET /ready, admin URL) and the embedded stack.")
final class StatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Settings settings = Settings.fromEnvironment(AppSettings.all());
        SupervisedServices services = ChildProcesses.supervised(settings);
        List<ServiceHealth> health = services.probe();
        out.println("supervisor  "
                + services.supervisor().map(p -> "pid " + p.pid()).orElse("not running"));
        out.print(ServiceHealth.render(health));
        out.flush();
        boolean stackUp = true;
        if (StackSession.usesEmbeddedStack(settings)) {
            StackConfig config = StackConfig.defaults(ServiceRuntime.home());
            StackStatus stack = DetachedStack.status(config);
            StackStatusTable.print(stack, config, out);
            stackUp = stack.allUp();
        }
        return ServiceHealth.allReady(health) && stackUp ? 0 : 1;
    }
}
