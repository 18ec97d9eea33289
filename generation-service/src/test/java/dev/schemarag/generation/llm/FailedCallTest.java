package dev.schemarag.generation.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FailedCallTest {
    @Test
    void retryAfterMsComesFirstThenRetryAfterSecondsAndAnythingElseIsIgnored() {
        assertThat(FailedCall.retryAfter(Optional.of("250"), Optional.of("3"))).contains(Duration.ofMillis(250));
        assertThat(FailedCall.retryAfter(Optional.empty(), Optional.of(" 2 "))).contains(Duration.ofSeconds(2));
        assertThat(FailedCall.retryAfter(Optional.empty(), Optional.of("1.5"))).contains(Duration.ofMillis(1500));
        assertThat(FailedCall.retryAfter(Optional.of("soon"), Optional.of("Wed, 21 Oct 2015 07:28:00 GMT")))
                .isEmpty();
        assertThat(FailedCall.retryAfter(Optional.empty(), Optional.of("-1"))).isEmpty();
        assertThat(FailedCall.retryAfter(Optional.empty(), Optional.of("NaN"))).isEmpty();
        assertThat(FailedCall.retryAfter(Optional.empty(), Optional.of("1e300")))
                .isEmpty();
    }

    @Test
    void theRetryRuleTakesTheServersWaitAndNeverRetriesAnAttemptTheDeadlineCutShort() {
        FailedCall limited = new FailedCall("HTTP 429", true, Optional.of(Duration.ofSeconds(7)), false);
        FailedCall timedOut = new FailedCall("LLM endpoint timed out (20000 ms)", true, Optional.empty(), true);

        assertThat(FailedCall.RULE.retryable(limited)).isTrue();
        assertThat(FailedCall.RULE.requestedWait(limited)).contains(Duration.ofSeconds(7));
        assertThat(FailedCall.RULE.retryable(timedOut)).isTrue();
        assertThat(FailedCall.RULE.retryable(timedOut.cutShort())).isFalse();
        assertThat(timedOut.cutShort().cutShortByDeadline).isTrue();
        assertThat(FailedCall.RULE.retryable(new IllegalStateException("a bug")))
                .isFalse();
    }
}
