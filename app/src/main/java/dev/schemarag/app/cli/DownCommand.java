package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.StackSession;
import dev.schemarag.app.supervision.SupervisedLayout;
import dev.schemarag.app.supervision.SupervisedServices;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code schemarag down}: the supervised services and their supervisor, then the embedded stack. */
@Command(
        name = "down",
        description = "Stop the services started by up (SIGTERM, then SIGKILL), then the embedded stack.")
final class DownCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        Settings settings = Settings.fromEnvironment(AppSettings.all());
        SupervisedServices services = new SupervisedServices(
                new SupervisedLayout(ServiceRuntime.home()), settings, SchemaRagCli.class.getName());
        System.out.println(services.stop() ? "services stopped" : "no services were running");
        if (StackSession.usesEmbeddedStack(settings)) {
            DetachedStack.down(StackConfig.defaults(ServiceRuntime.home()));
            System.out.println("stack stopped");
        }
        return 0;
    }
}
