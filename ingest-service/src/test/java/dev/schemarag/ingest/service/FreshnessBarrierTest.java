package dev.schemarag.ingest.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class FreshnessBarrierTest {
    private static final TopicPartition P0 = new TopicPartition("changes", 0);
    private static final TopicPartition P1 = new TopicPartition("changes", 1);

    @Test
    void caughtUpOnlyWhenEveryPartitionWithRecordsIsCommittedToItsEnd() {
        Map<TopicPartition, Long> ends = Map.of(P0, 5L, P1, 0L);

        assertThat(FreshnessBarrier.caughtUp(Map.of(P0, new OffsetAndMetadata(5)), ends))
                .isTrue();
        assertThat(FreshnessBarrier.caughtUp(Map.of(P0, new OffsetAndMetadata(4)), ends))
                .isFalse();
        assertThat(FreshnessBarrier.caughtUp(Map.of(), ends))
                .as("nothing committed yet")
                .isFalse();
        assertThat(FreshnessBarrier.caughtUp(Map.of(), Map.of(P0, 0L)))
                .as("an empty topic")
                .isTrue();
    }
}
