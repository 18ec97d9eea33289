package dev.schemarag.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfidenceRuleTest {

    @Test
    void relevantRetrievalWithoutFallbackKeepsTheModelsConfidence() {
        assertThat(ConfidenceRule.adjust(0.9, "rag", 0.75, Optional.empty())).isEqualTo(0.9);
    }

    @Test
    void weakRelevanceLowersConfidence() {
        assertThat(ConfidenceRule.adjust(0.9, "rag", 0.39, Optional.empty())).isCloseTo(0.63, within(1e-9));
    }

    @Test
    void relevanceAtTheThresholdIsNotWeak() {
        assertThat(ConfidenceRule.adjust(0.9, "rag", 0.4, Optional.empty())).isEqualTo(0.9);
    }

    @Test
    void fallbackToTheFullSchemaLowersConfidence() {
        assertThat(ConfidenceRule.adjust(0.9, "full_schema", 0.8, Optional.of("low_relevance")))
                .isCloseTo(0.72, within(1e-9));
    }

    @Test
    void aDeliberateFullSchemaPacketIsNotPenalisedForItsZeroScore() {
        assertThat(ConfidenceRule.adjust(0.9, "full_schema", 0.0, Optional.empty()))
                .isEqualTo(0.9);
    }

    @Test
    void aFallbackPacketIsLoweredOnceForTheFallbackNotAgainForItsZeroScore() {
        assertThat(ConfidenceRule.adjust(1.0, "full_schema", 0.0, Optional.of("low_relevance")))
                .isCloseTo(0.8, within(1e-9));
    }

    @Test
    void outOfRangeModelConfidenceIsClamped() {
        assertThat(ConfidenceRule.adjust(1.7, "rag", 0.9, Optional.empty())).isEqualTo(1.0);
    }
}
