package dev.schemarag.retrieval;

import static dev.schemarag.retrieval.ErpCatalog.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.family.TableFamilies;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.retrieval.lexical.LexicalHit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TableSelectorTest {
    private static final RetrievalSettings SETTINGS = RetrievalSettings.defaults();
    private static final ForeignKeyGraph GRAPH = ForeignKeyGraph.of(ErpCatalog.TABLES);

    @Test
    void withoutARelativeCutOffTheTopTenOfTheRankingAreSelected() {
        RetrievalSettings plainTopK =
                SETTINGS.withOverrides(Map.of(RetrievalSettings.SELECT_RELATIVE_CUTOFF.key(), "0"));

        Selection selection = select("", descendingHits(), List.of(), GRAPH, plainTopK);

        assertThat(retrieved(selection))
                .containsExactlyElementsOf(
                        descendingHits().stream().limit(10).map(TableHit::table).toList());
    }

    @Test
    void tablesFollowTheBestOnlyWhileTheirFusedScoreIsWithinTheCutOff() {
        // Dense only, RRF k 5: the best scores 1/6, the bar is 0.45/6 = 1/13.3, so ranks 1..8 (1/6 .. 1/13) pass.
        Selection selection = select("", descendingHits(), List.of(), GRAPH, ONE_AT_LEAST);

        assertThat(retrieved(selection))
                .containsExactlyElementsOf(
                        descendingHits().stream().limit(8).map(TableHit::table).toList());
    }

    @Test
    void whenBothRetrieversAgreeOnTheBestTableFewerTablesFollowIt() {
        // The best scores 1/6 + 0.5/6 = 0.25, the bar 0.1125: dense ranks 2 and 3 (1/7, 1/8) pass, rank 4 (1/9) does
        // not.
        TableName best = descendingHits().get(0).table();

        Selection selection = select("", descendingHits(), List.of(new LexicalHit(best, 9.0)), GRAPH, ONE_AT_LEAST);

        assertThat(retrieved(selection))
                .containsExactlyElementsOf(
                        descendingHits().stream().limit(3).map(TableHit::table).toList());
    }

    @Test
    void theMinimumIsSelectedHoweverTheScoresFall() {
        RetrievalSettings onlyTies =
                SETTINGS.withOverrides(Map.of(RetrievalSettings.SELECT_RELATIVE_CUTOFF.key(), "1"));

        Selection selection = select("", descendingHits(), List.of(), GRAPH, onlyTies);

        assertThat(retrieved(selection)).hasSize(SETTINGS.selectMinTables());
    }

    @Test
    void aTableFamilyTakesOnePlaceOfTheHeadAndTheTablesBelowItMoveUp() {
        List<Table> members = new ArrayList<>();
        List<TableHit> hits = new ArrayList<>();
        for (int day = 10; day < 20; day++) {
            Table member = Tables.table("erp.visits_202401" + day)
                    .pk("visit_id")
                    .column("page", "text")
                    .build();
            members.add(member);
            hits.add(new TableHit(member.name(), 0.95)); // members share their texts, so their similarity
        }
        hits.addAll(descendingHits());
        TableFamilies families = TableFamilies.of(members).atLeast(3);

        Selection selection =
                TableSelector.select("", hits, List.of(), List.of(), GRAPH, t -> true, families, ONE_AT_LEAST);

        // Dense only, RRF k 5: ranks 1..8 pass the cut-off, as without a family; the family is rank 1.
        assertThat(retrieved(selection))
                .containsExactlyElementsOf(Stream.concat(
                                Stream.of(members.get(0).name()),
                                descendingHits().stream().limit(7).map(TableHit::table))
                        .toList());
        SelectedTable representative = selection.tables().get(0);
        assertThat(representative.family().orElseThrow().members()).hasSize(10);
        assertThat(selection.tables().subList(1, selection.tables().size()))
                .allSatisfy(t -> assertThat(t.family()).isEmpty());
    }

    @Test
    void withoutFamiliesTheMembersCrowdOutTheOtherTables() {
        List<TableHit> hits = new ArrayList<>();
        for (int day = 10; day < 20; day++) hits.add(new TableHit(Tables.name("erp.visits_202401" + day), 0.95));
        hits.addAll(descendingHits());

        Selection selection = select("", hits, List.of(), GRAPH, ONE_AT_LEAST);

        assertThat(retrieved(selection)).hasSize(8).allMatch(t -> t.table().startsWith("visits_"));
    }

    /** Only the best table passes the cut-off: what breadth adds shows alone. */
    private static final RetrievalSettings BEST_ONLY = SETTINGS.withOverrides(Map.of(
            RetrievalSettings.SELECT_MIN_TABLES.key(), "1", RetrievalSettings.SELECT_RELATIVE_CUTOFF.key(), "1"));

    /** The question's selection from the descending hits, with only the best table past the cut-off. */
    private static Selection selectBestOnly(String question) {
        return select(question, descendingHits(), List.of(), GRAPH, BEST_ONLY);
    }

    @Test
    void eachEntityTheQuestionNamesBringsInTheBestRankedTableNamingIt() {
        // departments leads alone; employees (2nd) and orders (7th) are named, and each joins what is chosen.
        Selection selection = selectBestOnly("Which employees placed orders?");

        assertThat(retrieved(selection)).containsExactly(DEPARTMENTS, EMPLOYEES, ORDERS);
    }

    @Test
    void aNamedTableThatJoinsTheBestOnlyFromAfarIsLeftOut() {
        // invoices is two tables away from departments (via employees and orders); "per" asks for a second table,
        // which the next rank that joins gives.
        Selection selection = selectBestOnly("How many invoices per department?");

        assertThat(retrieved(selection)).containsExactly(DEPARTMENTS, EMPLOYEES);
    }

    @Test
    void aNarrowQuestionIsNotPadded() {
        Selection selection = selectBestOnly("How many departments are there?");

        assertThat(retrieved(selection)).containsExactly(DEPARTMENTS);
    }

    @Test
    void moreClauseConnectorsThanTablesKeepTheNextRanks() {
        // Three connectors ask for four tables; the three entities it names rank 1 to 3.
        Selection selection = selectBestOnly("Departments that have employees who have not taken leave");

        assertThat(retrieved(selection)).containsExactly(DEPARTMENTS, EMPLOYEES, LEAVE_REQUESTS, PAYSLIPS);
    }

    @Test
    void breadthSizingCanBeSwitchedOff() {
        RetrievalSettings noBreadth = BEST_ONLY.withOverrides(Map.of(RetrievalSettings.SELECT_BREADTH.key(), "false"));

        Selection selection = select("Which employees placed orders?", descendingHits(), List.of(), GRAPH, noBreadth);

        assertThat(retrieved(selection)).containsExactly(DEPARTMENTS);
    }

    @Test
    void withoutAnyKeyTheBestTablesSchemaIsWhatATableMustShare() {
        // No declared or inferred edge: employees (hr, like the leading departments) is named and comes in; orders is
        // named too but lives in sales, another application's schema as far as the catalog can tell.
        Selection selection = select("Which employees placed orders?", descendingHits(), List.of(), NO_KEYS, BEST_ONLY);

        assertThat(retrieved(selection)).containsExactly(DEPARTMENTS, EMPLOYEES);
    }

    @Test
    void aTableWhoseWholeNameTheQuestionSpellsOutComesInThoughOthersCarryItsWords() {
        // film leads alone; "category" brings in category, the best-ranked table naming it, and film_category, whose
        // every word the question spells out, comes in although film and category already carry those words.
        Selection selection = select(
                "Which films are in the children category?",
                hitsInOrder(FILM, FILM_LIST, FILM_ACTOR, CATEGORY, FILM_CATEGORY, OTHER_CATEGORY),
                List.of(),
                ForeignKeyGraph.of(FILMS),
                BEST_ONLY);

        assertThat(retrieved(selection)).containsExactly(FILM, CATEGORY, FILM_CATEGORY);
    }

    @Test
    void aSpelledOutTableRanksForItsPlaceOnlyWithinTheCap() {
        RetrievalSettings twoAtMost = BEST_ONLY.withOverrides(Map.of(RetrievalSettings.SELECT_TOPK.key(), "2"));

        Selection selection = select(
                "Which films are in the children category?",
                hitsInOrder(FILM, FILM_LIST, FILM_ACTOR, CATEGORY, FILM_CATEGORY),
                List.of(),
                ForeignKeyGraph.of(FILMS),
                twoAtMost);

        assertThat(retrieved(selection)).containsExactly(FILM, CATEGORY);
    }

    @Test
    void aSpelledOutTableTakesTheHeadsLastPlaceInsteadOfGrowingIt() {
        // Three tables at least, no more pass the cut-off: film_category (5th), whose every word the question spells
        // out, is never cut, and takes the place of film_actor (3rd), the head's weakest table.
        RetrievalSettings headOfThree = SETTINGS.withOverrides(Map.of(
                RetrievalSettings.SELECT_MIN_TABLES.key(), "3", RetrievalSettings.SELECT_RELATIVE_CUTOFF.key(), "1"));

        Selection selection = select(
                "Which film categories are there?",
                hitsInOrder(FILM, FILM_LIST, FILM_ACTOR, OTHER_CATEGORY, FILM_CATEGORY),
                List.of(),
                ForeignKeyGraph.of(FILMS),
                headOfThree);

        assertThat(retrieved(selection)).containsExactly(FILM, FILM_LIST, FILM_CATEGORY);
    }

    @Test
    void aSpelledOutTableOfTheBestsSchemaComesInHoweverFarItJoins() {
        // city joins film only through address, customer, rental and inventory: bridges join it, if there is room.
        Selection selection = select(
                "Rentals of films in each city",
                hitsInOrder(FILM, FILM_LIST, CITY),
                List.of(),
                ForeignKeyGraph.of(RENTALS),
                BEST_ONLY);

        assertThat(retrieved(selection)).contains(FILM, CITY);
    }

    @Test
    void aTableTheJoinGraphKnowsNoEdgeOfIsNotANamedEntityWhereTheBestTableHasEdges() {
        // "names" names short_film_names, which nothing joins; film has edges, so the graph, not the schema, groups
        // tables.
        Selection selection = select(
                "The names of every film",
                hitsInOrder(FILM, CITY, SHORT_FILM_NAMES),
                List.of(),
                ForeignKeyGraph.of(RENTALS),
                BEST_ONLY);

        assertThat(retrieved(selection)).containsExactly(FILM);
    }

    private static final TableName CITY = Tables.name("films.city");
    private static final TableName SHORT_FILM_NAMES = Tables.name("films.short_film_names");
    /** Rental tables joined by their keys: film and city are five edges apart. */
    private static final List<Table> RENTALS = List.of(
            Tables.table("films.film").pk("film_id").build(),
            Tables.table("films.film_list").column("names", "text").build(),
            Tables.table("films.short_film_names").column("full_name", "text").build(),
            Tables.table("films.inventory")
                    .pk("inventory_id")
                    .fk("film_id", "films.film", "film_id")
                    .build(),
            Tables.table("films.rental")
                    .pk("rental_id")
                    .fk("inventory_id", "films.inventory", "inventory_id")
                    .fk("customer_id", "films.customer", "customer_id")
                    .build(),
            Tables.table("films.customer")
                    .pk("customer_id")
                    .fk("address_id", "films.address", "address_id")
                    .build(),
            Tables.table("films.address")
                    .pk("address_id")
                    .fk("city_id", "films.city", "city_id")
                    .build(),
            Tables.table("films.city").pk("city_id").build());

    /** The ERP's tables with no edge at all, as a warehouse that declares no keys. */
    private static final ForeignKeyGraph NO_KEYS = ForeignKeyGraph.of(List.of());

    private static final TableName FILM = Tables.name("films.film");
    private static final TableName FILM_LIST = Tables.name("films.film_list");
    private static final TableName FILM_ACTOR = Tables.name("films.film_actor");
    private static final TableName CATEGORY = Tables.name("films.category");
    private static final TableName FILM_CATEGORY = Tables.name("films.film_category");
    private static final TableName OTHER_CATEGORY = Tables.name("shop.category");
    /** A keyless film catalog, with a category table of another schema. */
    private static final List<Table> FILMS = List.of(
            Tables.table("films.film").column("title", "text").build(),
            Tables.table("films.film_list").column("title", "text").build(),
            Tables.table("films.film_actor").column("actor_id", "int").build(),
            Tables.table("films.category").column("name", "text").build(),
            Tables.table("films.film_category").column("film_id", "int").build(),
            Tables.table("shop.category").column("name", "text").build());

    /** Hits with falling similarity, in the order given. */
    private static List<TableHit> hitsInOrder(TableName... tables) {
        List<TableHit> hits = new ArrayList<>();
        for (int i = 0; i < tables.length; i++) hits.add(new TableHit(tables[i], 0.9 - i * 0.05));
        return hits;
    }

    private static final RetrievalSettings ONE_AT_LEAST =
            SETTINGS.withOverrides(Map.of(RetrievalSettings.SELECT_MIN_TABLES.key(), "1"));

    /** Every ERP table, in catalog order with falling similarity. */
    private static List<TableHit> descendingHits() {
        return ErpCatalog.TABLES.stream()
                .map(t -> new TableHit(t.name(), 0.9 - ErpCatalog.TABLES.indexOf(t) * 0.05))
                .toList();
    }

    /** The selection with no column hits, every table in scope and no table families. */
    private static Selection select(
            String question,
            List<TableHit> tableHits,
            List<LexicalHit> lexicalHits,
            ForeignKeyGraph graph,
            RetrievalSettings settings) {
        return TableSelector.select(
                question, tableHits, List.of(), lexicalHits, graph, t -> true, TableFamilies.NONE, settings);
    }

    private static List<TableName> retrieved(Selection selection) {
        return selection.tables().stream()
                .filter(t -> t.reason() == SelectionReason.RETRIEVED)
                .map(SelectedTable::table)
                .toList();
    }

    @Test
    void aNeighbourWithEvidenceIsAddedAsFkExpansionWithItsScore() {
        RetrievalSettings topOne = SETTINGS.withOverrides(Map.of(RetrievalSettings.SELECT_TOPK.key(), "1"));

        Selection selection = select(
                "", List.of(new TableHit(LEAVE_REQUESTS, 0.7), new TableHit(EMPLOYEES, 0.5)), List.of(), GRAPH, topOne);

        assertThat(selection.tables())
                .extracting(SelectedTable::table, SelectedTable::score, SelectedTable::reason)
                .containsExactly(
                        tuple(LEAVE_REQUESTS, 0.6 * 0.7, SelectionReason.RETRIEVED),
                        tuple(EMPLOYEES, 0.6 * 0.5, SelectionReason.FK_EXPANSION));
    }

    @Test
    void eachSelectedTableCarriesWhatTheRetrieversFoundForIt() {
        Selection selection = select(
                "",
                List.of(new TableHit(LEAVE_REQUESTS, 0.7), new TableHit(EMPLOYEES, 0.5)),
                List.of(new LexicalHit(EMPLOYEES, 3.0)),
                GRAPH,
                SETTINGS);

        TableEvidence employees = selection.tables().stream()
                .filter(t -> t.table().equals(EMPLOYEES))
                .findFirst()
                .orElseThrow()
                .evidence();
        assertThat(employees.tableSimilarity()).isEqualTo(0.5);
        assertThat(employees.columnHits()).isZero();
        assertThat(employees.denseRank()).isEqualTo(2);
        assertThat(employees.lexicalRank()).isEqualTo(1);
        assertThat(employees.fusedScore()).isPositive();
    }

    @Test
    void selectedTablesWithoutADirectKeyAreJoinedThroughBridges() {
        Selection selection = select(
                "", List.of(new TableHit(ORDER_ITEMS, 0.7), new TableHit(REGIONS, 0.6)), List.of(), GRAPH, SETTINGS);

        assertThat(selection.tables())
                .extracting(SelectedTable::table, SelectedTable::reason)
                .containsExactly(
                        tuple(ORDER_ITEMS, SelectionReason.RETRIEVED),
                        tuple(REGIONS, SelectionReason.RETRIEVED),
                        tuple(ORDERS, SelectionReason.BRIDGE),
                        tuple(CUSTOMERS, SelectionReason.BRIDGE));
    }

    @Test
    void bridgesCanBeSwitchedOff() {
        RetrievalSettings noBridges = SETTINGS.withOverrides(Map.of(RetrievalSettings.BRIDGES_ENABLED.key(), "false"));

        Selection selection = select(
                "", List.of(new TableHit(ORDER_ITEMS, 0.7), new TableHit(REGIONS, 0.6)), List.of(), GRAPH, noBridges);

        assertThat(selection.tables()).extracting(SelectedTable::table).containsExactly(ORDER_ITEMS, REGIONS);
    }

    @Test
    void theSelectionNeverExceedsTheTableCap() {
        RetrievalSettings cap = SETTINGS.withOverrides(Map.of(RetrievalSettings.MAX_TABLES.key(), "3"));
        List<TableHit> hits =
                ErpCatalog.TABLES.stream().map(t -> new TableHit(t.name(), 0.8)).toList();

        Selection selection = select("", hits, List.of(), GRAPH, cap);

        assertThat(selection.tables()).hasSize(3);
    }

    @Test
    void aTableOnlyBm25FoundCanBeSelected() {
        Selection selection = select(
                "", List.of(new TableHit(ORDERS, 0.6)), List.of(new LexicalHit(TAX_CODES, 7.5)), GRAPH, SETTINGS);

        assertThat(selection.tables()).extracting(SelectedTable::table).contains(TAX_CODES);
        assertThat(selection.onlyViaLexical()).isEqualTo(1);
    }

    @Test
    void noHitsAtAllMeansNoResults() {
        Selection selection = select("", List.of(), List.of(), GRAPH, SETTINGS);

        assertThat(selection.fallback()).isEqualTo(FallbackReason.NO_RESULTS);
        assertThat(selection.tables()).isEmpty();
    }

    @Test
    void hitsThatAllScoreBelowTheBarMeanLowScores() {
        // 0.6 · 0.3 = 0.18 < 0.20
        Selection selection = select("", List.of(new TableHit(ORDERS, 0.3)), List.of(), GRAPH, SETTINGS);

        assertThat(selection.fallback()).isEqualTo(FallbackReason.LOW_SCORES);
    }

    @Test
    void hitsOutOfScopeAreIgnored() {
        TableName outside = ORDERS;
        Selection selection = TableSelector.select(
                "",
                List.of(new TableHit(outside, 0.9)),
                List.of(),
                List.of(new LexicalHit(outside, 3)),
                GRAPH,
                t -> !t.equals(outside),
                TableFamilies.NONE,
                SETTINGS);

        assertThat(selection.fallback()).isEqualTo(FallbackReason.NO_RESULTS);
    }
}
