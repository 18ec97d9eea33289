package dev.schemarag.app.cli;

import dev.schemarag.stack.StackConfig;
import dev.schemarag.stack.StackStatus;
import java.io.PrintWriter;

/** The embedded stack's parts as {@code stack} and {@code status} print them: each one's state and address. */
final class StackStatusTable {
    private StackStatusTable() {}

    static void print(StackStatus status, StackConfig config, PrintWriter out) {
        out.printf("kafka     %-5s %s%n", status.kafka() ? "up" : "down", config.bootstrapServers());
        out.printf("postgres  %-5s 127.0.0.1:%d%n", status.postgres() ? "up" : "down", config.postgresPort());
        out.printf("registry  %-5s %s%n", status.registry() ? "up" : "down", config.registryUrl());
        out.printf(
                "mariadb   %-5s 127.0.0.1:%d%s%n",
                status.mariadb() ? "up" : "down",
                config.mariadbPort(),
                status.mariadb() ? "" : " (optional: stack up --with mariadb)");
    }
}
