package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogComparisonTest {
    @Test
    void entitiesWithAnotherHashOrInOneCatalogOnlyAreMismatches() {
        Map<String, String> live = Map.of("t.a", "1", "t.b", "2", "t.stale", "3");
        Map<String, String> fresh = Map.of("t.a", "1", "t.b", "changed", "t.new", "4");
        assertThat(CatalogComparison.mismatches(live, fresh)).isEqualTo(3);
        assertThat(CatalogComparison.mismatches(fresh, fresh)).isZero();
    }
}
