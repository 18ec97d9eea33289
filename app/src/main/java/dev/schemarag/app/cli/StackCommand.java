package dev.schemarag.app.cli;

import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import dev.schemarag.stack.StackStatus;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag stack up|down|status}: the embedded Kafka broker, PostgreSQL and schema registry. */
@Command(
        name = "stack",
        description = "Start, stop or probe the embedded stack (Kafka KRaft, PostgreSQL + pgvector, schema registry).")
final class StackCommand implements Callable<Integer> {
    enum Action {
        up,
        down,
        status
    }

    @Parameters(index = "0", description = "up, down or status")
    Action action;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        StackConfig config = StackConfig.defaults(ServiceRuntime.home());
        switch (action) {
            case up -> {
                DetachedStack.up(config, System.getProperty("java.class.path"));
                StackStatusTable.print(DetachedStack.status(config), config, out);
                return 0;
            }
            case down -> {
                DetachedStack.down(config);
                out.println("stack stopped");
                return 0;
            }
            default -> {
                StackStatus status = DetachedStack.status(config);
                StackStatusTable.print(status, config, out);
                return status.allUp() ? 0 : 1;
            }
        }
    }
}
