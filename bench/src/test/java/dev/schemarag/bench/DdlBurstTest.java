package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class DdlBurstTest {
    private final DdlBurst burst = new DdlBurst("bench_probe", 42);

    @Test
    void changesAlternateAddingAColumnAndCommentingTheNoteColumn() {
        assertThat(burst.change(0)).isEqualTo("ALTER TABLE bench_probe ADD COLUMN burst_42_0 text");
        assertThat(burst.change(1)).isEqualTo("COMMENT ON COLUMN bench_probe.note IS 'burst 42 change 1'");
    }

    @Test
    void aReversibleBurstDropsEveryColumnItAddedAndEndsWithAMarkerOfItsOwn() {
        List<String> statements = burst.reversible(4);

        assertThat(statements)
                .containsExactly(
                        "ALTER TABLE bench_probe ADD COLUMN burst_42_0 text",
                        "COMMENT ON COLUMN bench_probe.note IS 'burst 42 change 1'",
                        "ALTER TABLE bench_probe ADD COLUMN burst_42_2 text",
                        "COMMENT ON COLUMN bench_probe.note IS 'burst 42 change 3'",
                        "ALTER TABLE bench_probe DROP COLUMN burst_42_0",
                        "ALTER TABLE bench_probe DROP COLUMN burst_42_2",
                        "COMMENT ON COLUMN bench_probe.note IS 'burst 42 change 5'");
        assertThat(statements.get(statements.size() - 1)).contains(burst.marker(5));
    }

    @Test
    void aReversibleBurstNeedsAnEvenNumberOfChanges() {
        assertThatThrownBy(() -> burst.reversible(3)).isInstanceOf(IllegalArgumentException.class);
    }
}
