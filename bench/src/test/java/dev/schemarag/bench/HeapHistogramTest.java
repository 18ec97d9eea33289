package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HeapHistogramTest {
    private static final String BEFORE = """
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:          1000        5000000  [B (java.base@17.0.12)
               2:           200         800000  java.lang.String (java.base@17.0.12)
            Total          1200        5800000
            """;
    private static final String AFTER = """
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:            10       61440000  [F (java.base@17.0.12)
               2:          3000        9000000  [B (java.base@17.0.12)
               3:          1200        4800000  java.lang.String (java.base@17.0.12)
               4:            50           2400  dev.schemarag.core.schema.TableName
            Total          4260       75242400
            """;

    @Test
    void readsTheTotalAndEveryClassOfJcmdsHistogram() {
        HeapHistogram histogram = HeapHistogram.parse(AFTER);
        assertThat(histogram.bytes()).isEqualTo(75_242_400);
        assertThat(histogram.instances()).isEqualTo(4_260);
        assertThat(histogram.bytesByClass())
                .containsEntry("[F", 61_440_000L)
                .containsEntry("dev.schemarag.core.schema.TableName", 2_400L)
                .hasSize(4);
    }

    @Test
    void theLargestGrowthComesFirstTiesByNameAndClassesThatShrankAreLeftOut() {
        HeapHistogram before = HeapHistogram.parse(BEFORE);
        HeapHistogram after = HeapHistogram.parse(AFTER);
        assertThat(after.largestGrowth(before, 3))
                .containsExactly(
                        new HeapHistogram.ClassBytes("[F", 61_440_000),
                        new HeapHistogram.ClassBytes("[B", 4_000_000),
                        new HeapHistogram.ClassBytes("java.lang.String", 4_000_000));
        assertThat(before.largestGrowth(after, 10)).isEmpty();
    }

    @Test
    void aHistogramWithoutItsTotalIsRefused() {
        assertThatThrownBy(() -> HeapHistogram.parse("   1:  10  100  [B"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void thisJvmsHistogramCountsAnArrayItHolds() {
        long[] held = new long[4_000_000];
        HeapHistogram histogram = HeapHistogram.take();
        assertThat(histogram.bytesByClass().get("[J")).isGreaterThanOrEqualTo(8L * held.length);
        assertThat(histogram.bytes()).isGreaterThan(8L * held.length);
        assertThat(held).hasSize(4_000_000);
    }
}
