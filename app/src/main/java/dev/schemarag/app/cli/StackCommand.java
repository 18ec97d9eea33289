package dev.schemarag.app.cli;

import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.StackConfig;
import dev.schemarag.stack.StackStatus;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

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

    @Override
    public Integer call() throws Exception {
        StackConfig config = StackConfig.defaults(ServiceRuntime.home());
        switch (action) {
            case up -> {
                DetachedStack.up(config, System.getProperty("java.class.path"));
                print(DetachedStack.status(config), config);
                return 0;
            }
            case down -> {
                DetachedStack.down(config);
                System.out.println("stack stopped");
                return 0;
            }
            default -> {
                StackStatus status = DetachedStack.status(config);
                print(status, config);
                return status.allUp() ? 0 : 1;
            }
        }
    }

    static void print(StackStatus status, StackConfig config) {
        System.out.printf("kafka     %-5s %s%n", status.kafka() ? "up" : "down", config.bootstrapServers());
        System.out.printf("postgres  %-5s 127.0.0.1:%d%n", status.postgres() ? "up" : "down", config.postgresPort());
        System.out.printf("registry  %-5s %s%n", status.registry() ? "up" : "down", config.registryUrl());
    }
}
