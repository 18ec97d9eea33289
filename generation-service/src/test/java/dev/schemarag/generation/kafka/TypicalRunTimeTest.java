package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TypicalRunTimeTest {
    private final TypicalRunTime runs = new TypicalRunTime();

    @Test
    void nothingIsTypicalBeforeTheFirstRun() {
        assertThat(runs.within(Duration.ofDays(1))).isFalse();
    }

    @Test
    void quickRunsAreTypicalUntilSlowOnesOutweighThem() {
        for (int i = 0; i < 20; i++) runs.ran(Duration.ofMillis(2));
        assertThat(runs.within(Duration.ofMillis(5))).isTrue();

        runs.ran(Duration.ofMillis(20));
        assertThat(runs.within(Duration.ofMillis(5)))
                .as("one slow run among quick ones: 2 + 18/8 ms")
                .isTrue();

        for (int i = 0; i < 10; i++) runs.ran(Duration.ofMillis(300));
        assertThat(runs.within(Duration.ofMillis(5))).isFalse();

        for (int i = 0; i < 60; i++) runs.ran(Duration.ofMillis(1));
        assertThat(runs.within(Duration.ofMillis(5))).isTrue();
    }
}
