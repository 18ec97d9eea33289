package dev.schemarag.ingest.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenEstimateTest {
    @Test
    void oneTokenPerFourCharactersRoundedUp() {
        assertThat(TokenEstimate.of("")).isZero();
        assertThat(TokenEstimate.of("abcd")).isEqualTo(1);
        assertThat(TokenEstimate.of("abcde")).isEqualTo(2);
    }
}
