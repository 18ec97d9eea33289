package dev.schemarag.core.kafka;

import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.processor.TaskId;

/** The input record a failure came from, as Kafka Streams describes it to a handler. */
record HandlerContext(String topic, int partition, long offset, byte[] sourceRawKey, byte[] sourceRawValue)
        implements ErrorHandlerContext {
    HandlerContext(String topic, int partition, long offset) {
        this(topic, partition, offset, null, null);
    }

    @Override
    public Headers headers() {
        return new RecordHeaders();
    }

    @Override
    public String processorNodeId() {
        return "node";
    }

    @Override
    public TaskId taskId() {
        return new TaskId(0, partition);
    }

    @Override
    public long timestamp() {
        return 0;
    }
}
