package dev.schemarag.app.supervision;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RestartPolicyTest {
    private final RestartPolicy policy =
            new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(60));

    @Test
    void aServiceThatRanLongIsStartedAgainAtOnce() {
        assertThat(policy.delay(Duration.ofMinutes(5), 1)).isZero();
        assertThat(policy.quickFailuresAfter(Duration.ofMinutes(5), 7)).isZero();
    }

    @Test
    void quickFailuresInARowDoubleTheDelayUpToTheCap() {
        Duration quick = Duration.ofSeconds(2);
        assertThat(policy.delay(quick, 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(policy.delay(quick, 2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(policy.delay(quick, 3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(policy.delay(quick, 5)).isEqualTo(Duration.ofSeconds(10));
        assertThat(policy.delay(quick, Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aQuickExitCountsOneMoreFailure() {
        assertThat(policy.quickFailuresAfter(Duration.ofSeconds(3), 0)).isEqualTo(1);
        assertThat(policy.quickFailuresAfter(Duration.ofSeconds(3), 4)).isEqualTo(5);
    }
}
