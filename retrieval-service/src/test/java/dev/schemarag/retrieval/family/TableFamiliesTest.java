package dev.schemarag.retrieval.family;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableFamiliesTest {
    @Test
    void tablesNamedAlikeButForTheirDateWithTheSameColumnsAreOneFamilyInDateOrder() {
        TableFamilies families = TableFamilies.of(List.of(
                session("ga.ga_sessions_20170102"),
                session("ga.ga_sessions_20170101"),
                session("ga.ga_sessions_20170103"),
                table("ga.customers").pk("customer_id").build()));

        TableFamily family = families.familyOf(name("ga.ga_sessions_20170103")).orElseThrow();
        assertThat(family.pattern()).isEqualTo("ga.ga_sessions_YYYYMMDD");
        assertThat(family.members())
                .containsExactly(
                        name("ga.ga_sessions_20170101"),
                        name("ga.ga_sessions_20170102"),
                        name("ga.ga_sessions_20170103"));
        assertThat(family.cadence()).isEqualTo("one per day");
        assertThat(families.familyOf(name("ga.customers"))).isEmpty();
    }

    @Test
    void numberedTablesAreAFamilyInNumericOrderAndTheGapsAreCounted() {
        TableFamilies families = TableFamilies.of(List.of(
                session("s.events_p10"), session("s.events_p2"), session("s.events_p1"), session("s.events_p5")));

        TableFamily family = families.familyOf(name("s.events_p1")).orElseThrow();
        assertThat(family.pattern()).isEqualTo("s.events_pN");
        assertThat(family.first()).isEqualTo(name("s.events_p1"));
        assertThat(family.last()).isEqualTo(name("s.events_p10"));
        assertThat(family.cadence()).isEqualTo("numbered, 6 missing");
    }

    @Test
    void monthlyTablesWithAMissingMonthSaySo() {
        TableFamilies families = TableFamilies.of(
                List.of(session("s.ledger_2024_01"), session("s.ledger_2024_02"), session("s.ledger_2024_04")));

        TableFamily family = families.familyOf(name("s.ledger_2024_02")).orElseThrow();
        assertThat(family.pattern()).isEqualTo("s.ledger_YYYY_MM");
        assertThat(family.cadence()).isEqualTo("by month, 1 missing");
    }

    @Test
    void tablesWithOtherColumnsOrInAnotherSchemaStayApart() {
        TableFamilies families = TableFamilies.of(List.of(
                session("a.order_1"),
                session("a.order_2"),
                table("a.order_3").pk("order_id").column("total", "numeric").build(),
                session("b.order_3")));

        assertThat(families.atLeast(2).familyOf(name("a.order_1")).orElseThrow().members())
                .containsExactly(name("a.order_1"), name("a.order_2"));
        assertThat(families.atLeast(2).familyOf(name("a.order_3"))).isEmpty();
        assertThat(families.atLeast(2).familyOf(name("b.order_3"))).isEmpty();
    }

    @Test
    void aFamilyNeedsTheMinimumOfMembersAndViewsAreNoMembers() {
        TableFamilies families = TableFamilies.of(List.of(
                session("s.log_1"),
                session("s.log_2"),
                table("s.log_3")
                        .pk("session_id")
                        .column("pageviews", "int")
                        .view()
                        .build()));

        assertThat(families.atLeast(3).familyOf(name("s.log_1"))).isEmpty();
        assertThat(families.atLeast(2).familyOf(name("s.log_1"))).isPresent();
        assertThat(families.atLeast(2).familyOf(name("s.log_3"))).isEmpty();
    }

    @Test
    void aRankingKeepsTheBestRankedMemberOfEachFamilyAndEveryOtherTable() {
        List<Table> tables = new ArrayList<>();
        for (int day = 1; day <= 9; day++) tables.add(session("s.visits_2024010" + day));
        tables.add(table("s.customers").pk("customer_id").build());
        TableFamilies families = TableFamilies.of(tables).atLeast(3);
        List<TableName> ranking = List.of(
                name("s.visits_20240105"), name("s.visits_20240101"), name("s.customers"), name("s.visits_20240109"));

        assertThat(families.distinct(ranking, t -> t)).containsExactly(name("s.visits_20240105"), name("s.customers"));
        assertThat(families.redundantMembers()).isEqualTo(8);
        assertThat(TableFamilies.NONE.distinct(ranking, t -> t)).isEqualTo(ranking);
        assertThat(families.atLeast(10).redundantMembers()).isZero();
    }

    @Test
    void aSecondRankingPutsTheFirstRankingsMemberInTheFamilysPlace() {
        TableFamilies families = TableFamilies.of(
                List.of(session("s.visits_1"), session("s.visits_2"), session("s.visits_3"), session("s.customers_a")));

        assertThat(families.distinct(
                        List.of(name("s.customers_a"), name("s.visits_1"), name("s.visits_3")),
                        List.of(name("s.visits_2"), name("s.customers_a"))))
                .containsExactly(name("s.customers_a"), name("s.visits_2"));
        assertThat(families.distinct(List.of(name("s.visits_3"), name("s.visits_1")), List.of()))
                .containsExactly(name("s.visits_3"));
    }

    private static Table session(String qualified) {
        return table(qualified).pk("session_id").column("pageviews", "int").build();
    }
}
