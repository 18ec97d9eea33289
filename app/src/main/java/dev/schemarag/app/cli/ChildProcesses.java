package dev.schemarag.app.cli;

import dev.schemarag.app.supervision.SupervisedLayout;
import dev.schemarag.app.supervision.SupervisedServices;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.ServiceRuntime;

/**
 * How this command line runs services as processes of its own ({@code up}'s supervisor, the benchmarks): {@code java
 * -cp <this class path> <MAIN_CLASS> serve <service>}.
 */
final class ChildProcesses {
    static final String MAIN_CLASS = SchemaRagCli.class.getName();

    private ChildProcesses() {}

    /** The services {@code up} supervises in this home, {@code down} stops and {@code status} shows. */
    static SupervisedServices supervised(Settings settings) {
        return new SupervisedServices(new SupervisedLayout(ServiceRuntime.home()), settings, MAIN_CLASS);
    }
}
