package dev.schemarag.core.relationships;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

class RelationshipInferenceTest {

    @Test
    void givenTableNameAndKey_whenInferred_thenTheColumnPointsAtThatTable() {
        List<ForeignKeyEdge> edges = RelationshipInference.infer(List.of(
                table("s.orders").pk("order_id").column("customer_id", "bigint").build(),
                table("s.customers").pk("id").build()));

        assertThat(edges)
                .containsExactly(new ForeignKeyEdge(
                        name("s.orders"),
                        List.of("customer_id"),
                        name("s.customers"),
                        List.of("id"),
                        EdgeSource.INFERRED,
                        RelationshipInference.TABLE_AND_KEY));
    }

    @Test
    void givenTheTableNameGluedToItsKey_whenInferred_thenTheColumnPointsAtThatTable() {
        assertThat(only(
                        table("w.city").pk("id").column("countrycode", "text").build(),
                        table("w.country").pk("code", "character(3)").build()))
                .isEqualTo(edge("w.city", "countrycode", "w.country", "code", RelationshipInference.TABLE_AND_KEY));
    }

    @Test
    void givenTheKeyBeforeTheTableName_whenInferred_thenTheColumnPointsAtThatTable() {
        assertThat(only(
                        table("s.visits")
                                .pk("visit_id")
                                .column("id_patient", "integer")
                                .build(),
                        table("s.patient").pk("id", "integer").build()))
                .isEqualTo(edge("s.visits", "id_patient", "s.patient", "id", RelationshipInference.TABLE_AND_KEY));
    }

    @Test
    void givenAnIdLikeKeyNameShared_whenInferred_thenTheColumnPointsAtTheKeysTable() {
        assertThat(only(
                        table("s.apartments")
                                .pk("apt_id")
                                .column("building_id", "numeric")
                                .build(),
                        table("s.apartment_buildings")
                                .pk("building_id", "numeric")
                                .build()))
                .isEqualTo(edge(
                        "s.apartments",
                        "building_id",
                        "s.apartment_buildings",
                        "building_id",
                        RelationshipInference.SHARED_KEY));
    }

    @Test
    void givenASharedKeyWhoseStemNamesTheTable_whenInferred_thenItIsTrustedMore() {
        assertThat(only(
                        table("s.performances")
                                .pk("performance_id")
                                .column("singer_id", "bigint")
                                .build(),
                        table("s.singers").pk("singer_id").build()))
                .isEqualTo(edge(
                        "s.performances",
                        "singer_id",
                        "s.singers",
                        "singer_id",
                        RelationshipInference.SHARED_KEY_NAMING_TABLE));
    }

    @Test
    void givenASharedKeyThatIsNotIdLikeButNamesItsTable_whenInferred_thenTheColumnPointsAtIt() {
        assertThat(only(
                        table("g.city")
                                .pk("city_id")
                                .column("state_name", "text")
                                .build(),
                        table("g.state").pk("state_name", "text").build()))
                .isEqualTo(edge("g.city", "state_name", "g.state", "state_name", RelationshipInference.SHARED_KEY));
    }

    @Test
    void givenARoleBeforeTheKeyName_whenInferred_thenTheColumnPointsAtTheKeysTable() {
        assertThat(only(
                        table("s.matches")
                                .pk("match_id")
                                .column("home_team_id", "bigint")
                                .build(),
                        table("s.teams").pk("team_id").build()))
                .isEqualTo(edge("s.matches", "home_team_id", "s.teams", "team_id", RelationshipInference.ROLE_AND_KEY));
    }

    @Test
    void givenAnIdLikeColumnWhoseCommentNamesATable_whenInferred_thenTheColumnPointsAtIt() {
        assertThat(only(
                        table("s.tickets")
                                .pk("ticket_id")
                                .column("handler_id", "bigint", true, "The employee who handles the ticket")
                                .build(),
                        table("s.employees").pk("id").build()))
                .isEqualTo(edge(
                        "s.tickets", "handler_id", "s.employees", "id", RelationshipInference.COMMENT_NAMES_TABLE));
    }

    @Test
    void givenAnIdLikeColumnsComment_thenItsNamesAreItsWordsAndAdjacentPairsSingularAndQualifiersDropped() {
        Column handler =
                new Column("handler_id", "bigint", true, null, "Who handles it: see hr.Employees, Sales Orders.");

        assertThat(RelationshipInference.commentNames(handler))
                .contains("who", "handle", "employee", "sale", "salesorder")
                .doesNotContain("hremployee", "hr.employee", "employees");
        assertThat(RelationshipInference.commentNames(
                        new Column("handler", "bigint", true, null, "The employee who handles it")))
                .as("not id-like")
                .isEmpty();
        assertThat(RelationshipInference.commentNames(new Column("handler_id", "bigint", true, null, null)))
                .isEmpty();
    }

    @Test
    void givenAColumnNamedLikeATableWithAnIdKey_whenInferred_thenTheColumnPointsAtIt() {
        assertThat(only(
                        table("c.degrees")
                                .pk("degree_id")
                                .column("campus", "bigint")
                                .build(),
                        table("c.campuses").pk("id").build()))
                .isEqualTo(edge("c.degrees", "campus", "c.campuses", "id", RelationshipInference.NAMED_LIKE_TABLE));
    }

    @Test
    void givenARoleBeforeATablesName_whenInferred_thenTheColumnPointsAtItWithLessConfidence() {
        assertThat(only(
                        table("a.match")
                                .pk("round")
                                .column("winning_pilot", "bigint")
                                .build(),
                        table("a.pilot").pk("pilot_id").build()))
                .isEqualTo(
                        edge("a.match", "winning_pilot", "a.pilot", "pilot_id", RelationshipInference.ROLE_AND_TABLE));
    }

    @Test
    void givenARoleGluedToATablesName_whenInferred_thenTheColumnPointsAtIt() {
        assertThat(only(
                        table("f.flights")
                                .pk("flightno")
                                .column("sourceairport", "text")
                                .build(),
                        table("f.airports").pk("airportcode", "text").build()))
                .isEqualTo(edge(
                        "f.flights",
                        "sourceairport",
                        "f.airports",
                        "airportcode",
                        RelationshipInference.ROLE_AND_TABLE));
    }

    @Test
    void givenAnIdNamedAfterNoTable_whenTheSchemaHasOneEntityTable_thenTheColumnPointsAtIt() {
        // No table is called, abbreviated or ending in winner: the only entity table is meant.
        assertThat(RelationshipInference.infer(List.of(
                        table("t.players")
                                .pk("player_id")
                                .column("name", "text")
                                .build(),
                        table("t.matches").column("winner_id", "bigint").build())))
                .containsExactly(
                        edge("t.matches", "winner_id", "t.players", "player_id", RelationshipInference.ONLY_ENTITY));
    }

    @Test
    void givenAnIdNamedAfterNoTable_whenTheSchemaHasSeveralEntityTables_thenNoEdge() {
        assertThat(RelationshipInference.infer(List.of(
                        table("t.players").pk("player_id").build(),
                        table("t.courts").pk("id").build(),
                        table("t.matches").column("winner_id", "bigint").build())))
                .isEmpty();
    }

    @Test
    void givenAnIdThatAbbreviatesATable_whenTheSchemaHasOneEntityTable_thenItIsNotTakenForAnOrphan() {
        // stu abbreviates student: the column names that table, not the schema's only entity table.
        assertThat(RelationshipInference.infer(List.of(
                        table("p.student").pk("stuid").build(),
                        table("p.pets").pk("petid").build(),
                        table("p.has_pet").column("stuid", "bigint").build())))
                .extracting(ForeignKeyEdge::from, ForeignKeyEdge::to)
                .doesNotContain(tuple(name("p.has_pet"), name("p.pets")), tuple(name("p.student"), name("p.pets")));
    }

    @Test
    void givenAUniqueKeyTarget_whenInferred_thenTheConfidenceIsDiscounted() {
        assertThat(only(
                        table("s.orders")
                                .pk("order_id")
                                .column("customer_number", "text")
                                .build(),
                        table("s.customers")
                                .pk("id")
                                .column("number", "text")
                                .unique("number")
                                .build()))
                .isEqualTo(edge(
                        "s.orders",
                        "customer_number",
                        "s.customers",
                        "number",
                        RelationshipInference.TABLE_AND_KEY * RelationshipInference.UNIQUE_KEY_FACTOR));
    }

    @Test
    void givenPluralsEndingInIes_whenInferred_thenTheSingularNamesTheTable() {
        assertThat(only(
                        table("s.products")
                                .pk("product_id")
                                .column("category_id", "bigint")
                                .build(),
                        table("s.categories").pk("id").build()))
                .extracting(ForeignKeyEdge::to)
                .isEqualTo(name("s.categories"));
    }

    @Test
    void givenNaturalKeysSharedByName_whenInferred_thenNoEdge() {
        // A unique email or a name is not a reference, however many tables carry it.
        assertThat(RelationshipInference.infer(List.of(
                        table("s.users")
                                .pk("user_id")
                                .column("email", "text")
                                .unique("email")
                                .build(),
                        table("s.newsletter")
                                .pk("newsletter_id")
                                .column("email", "text")
                                .build(),
                        table("s.authors").pk("name", "text").build(),
                        table("s.books")
                                .pk("isbn", "text")
                                .column("name", "text")
                                .build())))
                .isEmpty();
    }

    @Test
    void givenGenericColumnNames_whenInferred_thenNoEdge() {
        assertThat(RelationshipInference.infer(List.of(
                        table("s.a").pk("id").column("code", "text").build(),
                        table("s.b").pk("code", "text").column("id", "bigint").build())))
                .isEmpty();
    }

    @Test
    void givenIncompatibleTypes_whenInferred_thenNoEdge() {
        assertThat(RelationshipInference.infer(List.of(
                        table("s.orders")
                                .pk("order_id")
                                .column("customer_id", "text")
                                .build(),
                        table("s.customers").pk("id").build())))
                .isEmpty();
    }

    @Test
    void givenATargetInAnotherSchema_whenInferred_thenNoEdge() {
        assertThat(RelationshipInference.infer(List.of(
                        table("sales.orders")
                                .pk("order_id")
                                .column("customer_id", "bigint")
                                .build(),
                        table("crm.customers").pk("id").build())))
                .isEmpty();
    }

    @Test
    void givenDeclaredKeys_whenInferred_thenTheirColumnsAndTablePairsAreLeftAlone() {
        assertThat(RelationshipInference.infer(List.of(
                        table("s.orders")
                                .pk("order_id")
                                .fk("customer_id", "s.customers", "id")
                                .column("customer_ref_id", "bigint")
                                .build(),
                        table("s.customers").pk("id").build(),
                        table("s.invoices")
                                .pk("invoice_id")
                                .fk("customer_id", "s.clients", "id")
                                .build(),
                        table("s.clients").pk("id").build())))
                .isEmpty();
    }

    @Test
    void givenADeclaredSelfReference_whenInferred_thenTheOtherColumnsAreStillInferred() {
        assertThat(RelationshipInference.infer(List.of(
                        table("s.employees")
                                .pk("employee_id")
                                .fk("manager_id", "s.employees", "employee_id")
                                .column("department_id", "bigint")
                                .build(),
                        table("s.departments").pk("department_id").build())))
                .extracting(ForeignKeyEdge::from, ForeignKeyEdge::to)
                .containsExactly(tuple(name("s.employees"), name("s.departments")));
    }

    @Test
    void givenARoleBeforeItsOwnTablesKey_whenInferred_thenTheTableReferencesItself() {
        assertThat(only(table("s.departments")
                        .pk("department_id")
                        .column("parent_department_id", "bigint")
                        .build()))
                .isEqualTo(edge(
                        "s.departments",
                        "parent_department_id",
                        "s.departments",
                        "department_id",
                        RelationshipInference.ROLE_AND_KEY));
    }

    @Test
    void givenASchemaThatDeclaresKeys_whenInferred_thenOnlyConfidentEdgesAreAdded() {
        List<ForeignKeyEdge> edges = RelationshipInference.infer(List.of(
                table("s.orders")
                        .pk("order_id")
                        .fk("customer_id", "s.customers", "customer_id")
                        .column("warehouse_id", "bigint")
                        .column("home_team_id", "bigint")
                        .build(),
                table("s.customers").pk("customer_id").build(),
                table("s.warehouses").pk("warehouse_id").build(),
                table("s.teams").pk("team_id").build()));

        // warehouse_id (0.9) is kept; home_team_id (0.7) would be inferred in a schema that declares nothing.
        assertThat(edges).extracting(ForeignKeyEdge::to).containsExactly(name("s.warehouses"));
    }

    @Test
    void givenTwoTablesThatCouldBeMeant_whenInferred_thenTheColumnIsLeftOut() {
        assertThat(RelationshipInference.infer(List.of(
                        table("s.visits")
                                .pk("visit_id")
                                .column("building_id", "bigint")
                                .build(),
                        table("s.old_buildings").pk("building_id").build(),
                        table("s.new_buildings").pk("building_id").build())))
                .extracting(ForeignKeyEdge::from)
                .doesNotContain(name("s.visits"));
    }

    @Test
    void givenTwoTablesThatCouldBeMeant_whenTheReferringTablesNameNamesOne_thenThatOneWins() {
        List<ForeignKeyEdge> edges = RelationshipInference.infer(List.of(
                table("s.apartment_bookings")
                        .pk("booking_id")
                        .column("apt_id", "bigint")
                        .build(),
                table("s.apartments").pk("apt_id").build(),
                table("s.apartment_facilities").pk("apt_id").build()));

        assertThat(edges)
                .extracting(ForeignKeyEdge::from, ForeignKeyEdge::to)
                .contains(tuple(name("s.apartment_bookings"), name("s.apartments")));
    }

    @Test
    void givenTwoTablesSharingTheirKey_whenInferred_thenOneEdgeRunsToTheTableTheKeyNames() {
        assertThat(RelationshipInference.infer(List.of(
                        table("s.singer_details")
                                .pk("singer_id")
                                .column("biography", "text")
                                .build(),
                        table("s.singer").pk("singer_id").build())))
                .extracting(ForeignKeyEdge::from, ForeignKeyEdge::to)
                .containsExactly(tuple(name("s.singer_details"), name("s.singer")));
    }

    @Test
    void givenALinkTableWithAnIncompleteKey_whenInferred_thenItIsTheChild() {
        // writes' declared key is only aid (an incomplete key, as legacy schemas have): it refers to two tables.
        assertThat(RelationshipInference.infer(List.of(
                        table("a.writes").pk("aid").column("paperid", "bigint").build(),
                        table("a.author").pk("aid").column("name", "text").build(),
                        table("a.paper").pk("paperid").column("title", "text").build())))
                .extracting(ForeignKeyEdge::from, ForeignKeyEdge::to)
                .containsExactlyInAnyOrder(
                        tuple(name("a.writes"), name("a.author")), tuple(name("a.writes"), name("a.paper")));
    }

    @Test
    void givenARowGuidInEveryTable_whenInferred_thenItIsNoReference() {
        assertThat(RelationshipInference.infer(List.of(
                        table("p.product")
                                .pk("productid")
                                .column("rowguid", "uuid")
                                .build(),
                        table("p.document")
                                .pk("documentnode", "text")
                                .column("rowguid", "uuid")
                                .unique("rowguid")
                                .build())))
                .isEmpty();
    }

    @Test
    void givenTablesThatDeclareNoKey_whenInferred_thenTheIdNamedAfterATableIsItsKey() {
        // A warehouse export: no key anywhere, but film_id in film names its table.
        assertThat(RelationshipInference.infer(List.of(
                        table("p.film")
                                .column("film_id", "bigint")
                                .column("title", "text")
                                .build(),
                        table("p.inventory")
                                .column("inventory_id", "bigint")
                                .column("film_id", "bigint")
                                .build())))
                .containsExactly(edge(
                        "p.inventory",
                        "film_id",
                        "p.film",
                        "film_id",
                        RelationshipInference.SHARED_KEY_NAMING_TABLE * RelationshipInference.IMPLIED_KEY_FACTOR));
    }

    @Test
    void givenAnIdAndAReferenceBothNamedAfterTheTable_whenItsKeyIsImplied_thenTheIdIsIt() {
        assertThat(RelationshipInference.impliedKey(table("f.drivers")
                        .column("driver_id", "bigint")
                        .column("driver_ref", "text")
                        .build()))
                .contains("driver_id");
    }

    @Test
    void givenADeclaredKeyOrAView_whenItsKeyIsImplied_thenNone() {
        assertThat(RelationshipInference.impliedKey(
                        table("s.film").pk("id").column("film_id", "bigint").build()))
                .isEmpty();
        assertThat(RelationshipInference.impliedKey(
                        table("s.film").column("film_id", "bigint").view().build()))
                .isEmpty();
        // Two ids named after the table: which one identifies it is not for the name to say.
        assertThat(RelationshipInference.impliedKey(table("s.player")
                        .column("player_id", "bigint")
                        .column("playerid", "bigint")
                        .build()))
                .isEmpty();
    }

    private static ForeignKeyEdge only(Table... tables) {
        List<ForeignKeyEdge> edges = RelationshipInference.infer(List.of(tables));
        assertThat(edges).hasSize(1);
        return edges.get(0);
    }

    private static ForeignKeyEdge edge(String from, String column, String to, String key, double confidence) {
        return new ForeignKeyEdge(
                name(from),
                List.of(column),
                name(to),
                List.of(key),
                EdgeSource.INFERRED,
                Math.round(confidence * 100) / 100.0);
    }
}
