package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class QuickRunsTest {
    private final QuickRuns runs = new QuickRuns(Duration.ofMillis(10));

    @Test
    void nothingIsUsualBeforeTheFirstRun() {
        assertThat(runs.usual()).isFalse();
    }

    @Test
    void aFewSlowRunsAmongQuickOnesDoNotChangeWhatIsUsual() {
        for (int i = 0; i < 20; i++) runs.ran(Duration.ofMillis(4));
        assertThat(runs.usual()).isTrue();

        // An average of durations would have left the quick path here: (20 x 4 + 2 x 300) / 22 ms.
        runs.ran(Duration.ofMillis(300));
        runs.ran(Duration.ofMillis(300));
        assertThat(runs.usual()).isTrue();
    }

    @Test
    void aWorkloadThatTurnsSlowIsNoLongerQuickUntilItTurnsQuickAgain() {
        for (int i = 0; i < 20; i++) runs.ran(Duration.ofMillis(4));
        for (int i = 0; i < 10; i++) runs.ran(Duration.ofMillis(25));
        assertThat(runs.usual()).isFalse();

        for (int i = 0; i < 10; i++) runs.ran(Duration.ofMillis(10));
        assertThat(runs.usual()).as("a run of exactly the bound is within it").isTrue();
    }
}
