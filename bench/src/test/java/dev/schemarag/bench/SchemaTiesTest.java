package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SchemaTiesTest {
    private final SchemaTies ties = new SchemaTies(Map.of(
            "concert", Map.of("singer", Set.of("singer_id", "name", "age"), "concert", Set.of("concert_id")),
            "music", Map.of("singer", Set.of("singer_id", "name", "net_worth")),
            "flights", Map.of("airports", Set.of("code", "city"))));

    private static RetrievalBenchmark.Question question(String db, Set<String> tables, Set<String> columns) {
        return new RetrievalBenchmark.Question("q", db, "text", null, tables, columns);
    }

    @Test
    void aQuestionIsTiedWithEveryDatabaseThatHoldsItsGoldTablesAndColumnsByName() {
        assertThat(ties.holders(question("concert", Set.of("concert.singer"), Set.of())))
                .isEqualTo(2);
        assertThat(ties.holders(question("concert", Set.of("concert.singer"), Set.of("concert.singer.name"))))
                .isEqualTo(2);
        // Only one database has both the column and the other table.
        assertThat(ties.holders(question("concert", Set.of("concert.singer"), Set.of("concert.singer.age"))))
                .isEqualTo(1);
        assertThat(ties.holders(question("concert", Set.of("concert.singer", "concert.concert"), Set.of())))
                .isEqualTo(1);
    }

    @Test
    void theCeilingIsTheMeanOfOneOverTheHoldersOfEachQuestionsGold() {
        Map<String, Object> figures = ties.figures(List.of(
                question("concert", Set.of("concert.singer"), Set.of()),
                question("flights", Set.of("flights.airports"), Set.of("flights.airports.city"))));

        assertThat(figures).containsEntry("gold_tied_share", 0.5).containsEntry("schema_only_ceiling", 0.75);
    }
}
