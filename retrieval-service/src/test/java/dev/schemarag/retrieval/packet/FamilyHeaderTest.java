package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.name;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.retrieval.family.TableFamily;
import java.util.List;
import org.junit.jupiter.api.Test;

class FamilyHeaderTest {
    private static final TableFamily FAMILY = new TableFamily(
            "ga.ga_sessions_YYYYMMDD",
            List.of(name("ga.ga_sessions_20160801"), name("ga.ga_sessions_20160802"), name("ga.ga_sessions_20160804")),
            TableFamily.Spacing.DAY,
            1);

    @Test
    void theHeaderNamesThePatternTheCountTheRangeByRealNamesAndTheRepresentative() {
        String text = FamilyHeader.above(
                "CREATE TABLE ga.ga_sessions_20160802 (...);",
                FAMILY,
                name("ga.ga_sessions_20160802"),
                SqlDialect.POSTGRESQL);

        assertThat(text)
                .isEqualTo("-- Table family ga.ga_sessions_YYYYMMDD: 3 tables from ga.ga_sessions_20160801 to"
                        + " ga.ga_sessions_20160804 (by day, 1 missing), each with the columns of ga.ga_sessions_20160802"
                        + " below; read one by its name, several with UNION ALL\n"
                        + "CREATE TABLE ga.ga_sessions_20160802 (...);");
    }

    @Test
    void namesAreQuotedAsTheDialectQuotesThem() {
        TableFamily family = new TableFamily(
                "Web.Hits_N",
                List.of(name("Web.Hits_1"), name("Web.Hits_2"), name("Web.Hits_3")),
                TableFamily.Spacing.NUMBER,
                0);

        assertThat(FamilyHeader.above("", family, name("Web.Hits_2"), SqlDialect.POSTGRESQL))
                .contains("from \"Web\".\"Hits_1\" to \"Web\".\"Hits_3\" (numbered without gaps)");
    }
}
