package dev.schemarag.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private final Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));

    @Test
    void doublesFromTheInitialDelayUpToTheCap() {
        assertThat(backoff.delay(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.delay(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.delay(5)).isEqualTo(Duration.ofSeconds(16));
        assertThat(backoff.delay(6)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aLongOutageNeverOverflowsPastTheCap() {
        assertThat(backoff.delay(64)).isEqualTo(Duration.ofSeconds(30));
        assertThat(backoff.delay(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> backoff.delay(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
