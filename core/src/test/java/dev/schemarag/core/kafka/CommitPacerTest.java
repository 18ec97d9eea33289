package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

class CommitPacerTest {
    private final MockProcessorContext<String, String> context = new MockProcessorContext<>();
    private final CommitPacer pacer = new CommitPacer(context, Duration.ofMillis(20));

    @Test
    void aRecordAfterAQuietGapIsCommittedAtOnce() {
        context.setCurrentSystemTimeMs(1_000);
        pacer.forwarded();
        assertThat(context.committed()).isTrue();
        assertThat(context.scheduledPunctuators()).isEmpty();

        context.resetCommit();
        context.setCurrentSystemTimeMs(1_050);
        pacer.forwarded();
        assertThat(context.committed()).isTrue();
    }

    @Test
    void recordsWithinTheGapShareOneCommitThatAPunctuationRequests() {
        context.setCurrentSystemTimeMs(1_000);
        pacer.forwarded();
        context.resetCommit();

        context.setCurrentSystemTimeMs(1_005);
        pacer.forwarded();
        context.setCurrentSystemTimeMs(1_010);
        pacer.forwarded();
        assertThat(context.committed()).isFalse();
        assertThat(context.scheduledPunctuators()).hasSize(1);
        MockProcessorContext.CapturedPunctuator owed =
                context.scheduledPunctuators().get(0);
        assertThat(owed.getInterval()).isEqualTo(Duration.ofMillis(20));

        owed.getPunctuator().punctuate(1_025);
        assertThat(context.committed()).isTrue();
        assertThat(owed.cancelled()).isTrue();

        // The punctuation's commit starts the next gap.
        context.resetCommit();
        context.setCurrentSystemTimeMs(1_030);
        pacer.forwarded();
        assertThat(context.committed()).isFalse();
    }

    @Test
    void closingCancelsTheCommitOwed() {
        context.setCurrentSystemTimeMs(1_000);
        pacer.forwarded();
        context.setCurrentSystemTimeMs(1_001);
        pacer.forwarded();
        pacer.close();
        assertThat(context.scheduledPunctuators().get(0).cancelled()).isTrue();
    }
}
