package dev.schemarag.core.relationships;

import static dev.schemarag.core.schema.Tables.name;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DataCheckTest {
    private static final ForeignKeyEdge INFERRED = new ForeignKeyEdge(
            name("s.orders"), List.of("customer_id"), name("s.customers"), List.of("id"), EdgeSource.INFERRED, 0.7);

    @Test
    void givenOneOrphanInTheSample_whenJudged_thenTheEdgeIsDropped() {
        assertThat(DataCheck.judge(INFERRED, new DataCheck.Sample(200, 1))).isEmpty();
    }

    @Test
    void givenASampleWithoutOrphans_whenJudged_thenTheEdgeGainsConfidenceBelowAnAnnotations() {
        Optional<ForeignKeyEdge> judged = DataCheck.judge(INFERRED, new DataCheck.Sample(200, 0));

        assertThat(judged).get().extracting(ForeignKeyEdge::confidence).isEqualTo(0.83);
        assertThat(judged.get().source()).isEqualTo(EdgeSource.INFERRED);
        assertThat(DataCheck.judge(judged.get(), new DataCheck.Sample(200, 0))
                        .orElseThrow()
                        .confidence())
                .isGreaterThan(0.83)
                .isLessThan(EdgeSource.ANNOTATED_CONFIDENCE);
    }

    @Test
    void givenAnEmptySample_whenJudged_thenTheEdgeStaysAsItWas() {
        assertThat(DataCheck.judge(INFERRED, new DataCheck.Sample(0, 0))).contains(INFERRED);
    }

    @Test
    void givenAnAnnotatedEdge_whenJudged_thenOrphansDoNotDropIt() {
        ForeignKeyEdge annotated = new ForeignKeyEdge(
                name("s.orders"),
                List.of("customer_id"),
                name("s.customers"),
                List.of("id"),
                EdgeSource.ANNOTATED,
                EdgeSource.ANNOTATED_CONFIDENCE);

        assertThat(DataCheck.judge(annotated, new DataCheck.Sample(200, 5))).contains(annotated);
    }

    @Test
    void givenMoreOrphansThanValues_whenASampleIsMade_thenItIsRefused() {
        assertThatThrownBy(() -> new DataCheck.Sample(1, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
