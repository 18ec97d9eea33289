package dev.schemarag.app.cli;

import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import dev.schemarag.stack.StackStatus;
import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag stack up|down|status [--with mariadb]}: the embedded Kafka broker, PostgreSQL and schema registry,
 * and MariaDB when asked for.
 */
@Command(
        name = "stack",
        description = "Start, stop or probe the embedded stack (Kafka KRaft, PostgreSQL + pgvector, schema registry;"
                + " MariaDB with --with mariadb).")
final class StackCommand implements Callable<Integer> {
    enum Action {
        up,
        down,
        status
    }

    /** The parts a stack runs only when asked for. */
    enum OptionalPart {
        mariadb
    }

    @Parameters(index = "0", description = "up, down or status")
    Action action;

    @Option(
            names = "--with",
            split = ",",
            description = "with up: optional parts to start too: mariadb (127.0.0.1:53306, demo database erp_maria)")
    Set<OptionalPart> with = EnumSet.noneOf(OptionalPart.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        StackConfig config = StackConfig.defaults(ServiceRuntime.home());
        switch (action) {
            case up -> {
                DetachedStack.up(config, System.getProperty("java.class.path"), with.contains(OptionalPart.mariadb));
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
