package dev.schemarag.app.cli;

/**
 * How this command line runs services as processes of its own ({@code up}'s supervisor, the benchmarks): {@code java
 * -cp <this class path> <MAIN_CLASS> serve <service>}.
 */
final class ChildProcesses {
    static final String MAIN_CLASS = SchemaRagCli.class.getName();

    private ChildProcesses() {}
}
