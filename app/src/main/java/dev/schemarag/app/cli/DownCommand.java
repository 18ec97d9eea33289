package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.supervision.SupervisedServices;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag down}: the supervised services and their supervisor, then the embedded stack. */
@Command(
        name = "down",
        description = "Stop the services started by up (SIGTERM, then SIGKILL), then the embedded stack.")
final class DownCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Settings settings = Settings.fromEnvironment(AppSettings.all());
        SupervisedServices services = ChildProcesses.supervised(settings);
        out.println(services.stop() ? "services stopped" : "no services were running");
        if (StackSession.usesEmbeddedStack(settings)) {
            DetachedStack.down(StackConfig.defaults(ServiceRuntime.home()));
            out.println("stack stopped");
        }
        return 0;
    }
}
