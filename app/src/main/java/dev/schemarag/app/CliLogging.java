package dev.schemarag.app;

import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The CLI's logging, configured in code rather than by a logback.xml: logback would load an XML parser and its Joran
 * model for that file, a tenth of a short client's start. The CLI prints its own progress; libraries speak only when
 * something is wrong; no raw SQL at INFO ({@code SCHEMARAG_LOG_LEVEL}, default WARN, applies to SchemaRAG's own
 * loggers). A file named with {@code -Dlogback.configurationFile}, or a {@code logback-test.xml} on the class path,
 * still configures logback as usual.
 */
public final class CliLogging extends ContextAwareBase implements Configurator {
    static final String LEVEL_VARIABLE = "SCHEMARAG_LOG_LEVEL";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY) != null
                || CliLogging.class.getClassLoader().getResource(ClassicConstants.TEST_AUTOCONFIG_FILE) != null)
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        String level = System.getProperty(LEVEL_VARIABLE, System.getenv(LEVEL_VARIABLE));
        apply(context, Level.toLevel(level, Level.WARN));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Errors of every library to standard error; SchemaRAG's own loggers from {@code level} on. */
    static void apply(LoggerContext context, Level level) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level %logger{30} - %msg%n");
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.ERROR);
        root.addAppender(stderr);
        context.getLogger("dev.schemarag").setLevel(level);
        context.getLogger("org.apache.kafka.streams.processor.internals.RepartitionTopics")
                .setLevel(Level.OFF);
    }
}
