package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;

class CliLoggingTest {

    @Test
    void librariesSpeakOnlyOnErrorsAndSchemaRagFromItsLevelOn() {
        LoggerContext context = new LoggerContext();
        CliLogging.apply(context, Level.WARN);

        assertThat(context.getLogger("org.apache.kafka.clients.NetworkClient").isWarnEnabled())
                .isFalse();
        assertThat(context.getLogger("org.apache.kafka.clients.NetworkClient").isErrorEnabled())
                .isTrue();
        assertThat(context.getLogger("dev.schemarag.core.kafka.TopicCreator").isWarnEnabled())
                .isTrue();
        assertThat(context.getLogger("dev.schemarag.core.kafka.TopicCreator").isInfoEnabled())
                .isFalse();
        assertThat(context.getLogger("org.apache.kafka.streams.processor.internals.RepartitionTopics")
                        .isErrorEnabled())
                .isFalse();
        var appender = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        assertThat(appender).isInstanceOf(ConsoleAppender.class);
        assertThat(((ConsoleAppender<?>) appender).getTarget()).isEqualTo("System.err");
        assertThat(appender.isStarted()).isTrue();
    }

    @Test
    void aDebugLevelReachesSchemaRagOnly() {
        LoggerContext context = new LoggerContext();
        CliLogging.apply(context, Level.DEBUG);

        assertThat(context.getLogger("dev.schemarag.app.AskCommand").isDebugEnabled())
                .isTrue();
        assertThat(context.getLogger("org.apache.avro.Schema").isWarnEnabled()).isFalse();
    }

    @Test
    void aLogbackTestFileOnTheClassPathStillConfiguresLogback() {
        // This module's test resources hold a logback-test.xml: logback goes on to read it.
        LoggerContext context = new LoggerContext();
        CliLogging logging = new CliLogging();
        logging.setContext(context);

        assertThat(logging.configure(context)).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR"))
                .isNull();
    }
}
