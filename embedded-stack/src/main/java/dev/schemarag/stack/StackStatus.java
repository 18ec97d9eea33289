package dev.schemarag.stack;

/** Which parts of the stack answered a probe: the Kafka broker, PostgreSQL and the schema registry. */
public record StackStatus(boolean kafka, boolean postgres, boolean registry) {

    public boolean allUp() {
        return kafka && postgres && registry;
    }

    public boolean allDown() {
        return !kafka && !postgres && !registry;
    }
}
