package dev.schemarag.stack;

/**
 * Which parts of the stack answered a probe: the Kafka broker, PostgreSQL and the schema registry, which every stack
 * runs, and MariaDB, which runs only when asked for ({@code stack up --with mariadb}).
 */
public record StackStatus(boolean kafka, boolean postgres, boolean registry, boolean mariadb) {

    /** Whether the parts every stack runs answer; MariaDB is optional. */
    public boolean allUp() {
        return kafka && postgres && registry;
    }

    public boolean allDown() {
        return !kafka && !postgres && !registry && !mariadb;
    }
}
