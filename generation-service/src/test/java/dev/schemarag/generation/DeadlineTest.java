package dev.schemarag.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DeadlineTest {
    private final AtomicLong nanos = new AtomicLong(1_000);
    private final Deadline deadline = Deadline.after(Duration.ofSeconds(10), nanos::get);

    @Test
    void remainingShrinksWithTheClockAndNeverGoesNegative() {
        nanos.addAndGet(Duration.ofSeconds(4).toNanos());
        assertThat(deadline.remaining()).isEqualTo(Duration.ofSeconds(6));
        assertThat(deadline.passed()).isFalse();

        nanos.addAndGet(Duration.ofSeconds(7).toNanos());
        assertThat(deadline.remaining()).isZero();
        assertThat(deadline.passed()).isTrue();
        assertThat(deadline.budget()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void capIsTheLimitOrTheRemainingTimeWhicheverIsLess() {
        assertThat(deadline.cap(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(3));

        nanos.addAndGet(Duration.ofSeconds(8).toNanos());

        assertThat(deadline.cap(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aBudgetMustBePositive() {
        assertThatThrownBy(() -> Deadline.after(Duration.ZERO, nanos::get))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
