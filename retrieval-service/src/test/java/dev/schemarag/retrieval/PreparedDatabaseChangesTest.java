package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.index.CatalogChanges;
import dev.schemarag.retrieval.index.IndexedDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A prepared catalog brought up to date by changed tables equals the new catalog prepared from scratch. */
class PreparedDatabaseChangesTest {
    private static final List<String> QUESTIONS = List.of(
            "customer label",
            "invoice orders payroll",
            "entity 7 holding",
            "shipped at tracking",
            "overview of entity_12",
            "renamed ledger");

    private final List<Table> before = Catalogs.tables(40);
    private final PreparedDatabase held = PreparedDatabase.prepare(Catalogs.database("1", before), Catalogs.MODEL);

    @Test
    void anAddedColumnAndACommentReachTextsTokensAndTheLexicalIndex() {
        countTokens(held);
        List<Table> after = new ArrayList<>(before);
        after.set(
                3, Catalogs.withColumn(before.get(3), new Column("shipped_at", "timestamptz", true, null, "tracking")));
        after.set(8, Catalogs.withComment(before.get(8), "Renamed ledger of postings"));

        PreparedDatabase updated = apply(after, Set.of(name(3), name(8)));

        assertSame(updated, after);
        assertThat(updated.text(name(3), PacketFormat.CREATE_TABLE)).contains("shipped_at");
        assertThat(updated.lexical().search("tracking", Set.of(), 5, 1.2, 0.75))
                .first()
                .extracting(h -> h.table())
                .isEqualTo(name(3));
    }

    @Test
    void aDroppedTableDisappearsWithItsEdgesAndDocuments() {
        countTokens(held);
        List<Table> after = new ArrayList<>(before);
        after.remove(12);

        PreparedDatabase updated = apply(after, Set.of(name(12)));

        assertSame(updated, after);
        assertThat(updated.contains(name(12))).isFalse();
        assertThat(updated.graph().neighbours(name(13))).doesNotContain(name(12));
        assertThat(updated.lexical().search("entity_12", Set.of(), 40, 1.2, 0.75))
                .noneMatch(h -> h.table().equals(name(12)));
    }

    @Test
    void aRenamedTableIsTheOldNameGoneAndTheNewOneAdded() {
        TableName ledger = Tables.name("finance.ledger");
        List<Table> after = new ArrayList<>(before);
        after.set(20, Catalogs.renamed(before.get(20), ledger));

        PreparedDatabase updated = apply(after, Set.of(name(20), ledger));

        assertSame(updated, after);
        assertThat(updated.contains(name(20))).isFalse();
        assertThat(updated.tablesIn(Set.of("finance"))).contains(ledger);
    }

    @Test
    void aNewTableIsAddedInCatalogOrder() {
        List<Table> after = new ArrayList<>(before);
        after.add(Tables.table("hr.aardvarks")
                .pk("aardvark_id")
                .comment("First in name order")
                .build());

        PreparedDatabase updated = apply(after, Set.of(Tables.name("hr.aardvarks")));

        assertSame(updated, after);
        assertThat(updated.tablesIn(Set.of("hr"))).first().isEqualTo(Tables.name("hr.aardvarks"));
    }

    @Test
    void theHeldVersionIsLeftUntouched() {
        List<Table> after = new ArrayList<>(before);
        after.remove(5);

        apply(after, Set.of(name(5)));

        assertSame(held, before);
    }

    @Test
    void noChangeAtTheSameVersionIsTheSameCatalog() {
        assertThat(held.withChanges(Catalogs.changes(Catalogs.database("1", before), Set.of())))
                .isSameAs(held);
    }

    @Test
    void aNewDialectRendersEveryTableAgainInItsQuoting() {
        List<Table> keyed = new ArrayList<>(before);
        keyed.set(5, Catalogs.withColumn(before.get(5), new Column("key", "text", true, null, null)));
        PreparedDatabase postgres = PreparedDatabase.prepare(Catalogs.database("1", keyed), Catalogs.MODEL);
        countTokens(postgres);

        PreparedDatabase maria = postgres.withChanges(
                new CatalogChanges("2", Set.of(), List.of(), List.of(), Principals.NONE, SqlDialect.MARIADB));

        assertThat(postgres.text(name(5), PacketFormat.CREATE_TABLE))
                .contains("  key text")
                .doesNotContain("`");
        assertThat(maria.text(name(5), PacketFormat.CREATE_TABLE)).contains("  `key` text");
        IndexedDatabase catalog = Catalogs.database("2", keyed);
        PreparedDatabase scratch = PreparedDatabase.prepare(
                new IndexedDatabase("db", "2", catalog.tables(), catalog.docs(), Principals.NONE, SqlDialect.MARIADB),
                Catalogs.MODEL);
        for (PacketFormat format : PacketFormat.values())
            for (TableName table : scratch.tablesIn(Set.of())) {
                assertThat(maria.text(table, format)).isEqualTo(scratch.text(table, format));
                assertThat(maria.tokens(List.of(table), format)).isEqualTo(scratch.tokens(List.of(table), format));
            }
    }

    private PreparedDatabase apply(List<Table> after, Set<TableName> changed) {
        return held.withChanges(Catalogs.changes(Catalogs.database("2", after), changed));
    }

    /** Fills the held token counts, which an update must not carry over for changed tables. */
    private static void countTokens(PreparedDatabase prepared) {
        for (PacketFormat format : PacketFormat.values()) prepared.tokens(prepared.tablesIn(Set.of()), format);
    }

    private static TableName name(int i) {
        return Tables.name(new String[] {"hr", "sales", "finance"}[i % 3] + ".entity_" + i);
    }

    /** Everything retrieval reads of a prepared catalog equals that of {@code tables} prepared from scratch. */
    private static void assertSame(PreparedDatabase actual, List<Table> tables) {
        IndexedDatabase database = Catalogs.database(actual.version(), tables);
        PreparedDatabase expected = PreparedDatabase.prepare(database, Catalogs.MODEL);
        assertThat(actual.database()).isEqualTo(database);
        List<TableName> all = expected.tablesIn(Set.of());
        assertThat(actual.tablesIn(Set.of())).containsExactlyElementsOf(all);
        for (String schema : List.of("hr", "sales", "finance"))
            assertThat(actual.tablesIn(Set.of(schema))).isEqualTo(expected.tablesIn(Set.of(schema)));
        for (PacketFormat format : PacketFormat.values())
            for (TableName table : all) {
                assertThat(actual.text(table, format)).isEqualTo(expected.text(table, format));
                assertThat(actual.tokens(List.of(table), format)).isEqualTo(expected.tokens(List.of(table), format));
            }
        assertThat(actual.graph().edgesWithin(all)).isEqualTo(expected.graph().edgesWithin(all));
        for (TableName table : all)
            assertThat(actual.graph().neighbours(table))
                    .isEqualTo(expected.graph().neighbours(table));
        for (String question : QUESTIONS) {
            assertThat(actual.lexical().search(question, Set.of(), 20, 1.2, 0.75))
                    .isEqualTo(expected.lexical().search(question, Set.of(), 20, 1.2, 0.75));
            assertThat(actual.lexical().search(question, Set.of("sales"), 5, 1.5, 0.3))
                    .isEqualTo(expected.lexical().search(question, Set.of("sales"), 5, 1.5, 0.3));
        }
        assertThat(actual.vectorsOfOtherModels()).isEqualTo(expected.vectorsOfOtherModels());
    }
}
