package dev.schemarag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.index.CatalogChanges;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A GRANT or REVOKE brings a prepared catalog up to date without rebuilding what it left as it was: the whole catalog
 * shares its texts, lexical index and graph with the version before, a role whose view it leaves alone keeps its view's,
 * and the view it changes equals that view prepared from scratch.
 */
class PreparedDatabaseAccessChangesTest {
    private static final Principals PRINCIPALS = new Principals(Map.of("hr", "hr_role", "sales", "sales_role"), null);
    private static final List<String> QUESTIONS =
            List.of("customer label", "invoice orders payroll", "entity 7 holding", "overview of entity_12");

    private final List<Table> tables = Catalogs.tables(40);
    private final PreparedDatabase held = PreparedDatabase.prepare(database("1", Set.of(12)), Catalogs.MODEL);

    PreparedDatabaseAccessChangesTest() {
        held.prepareRoles();
    }

    @Test
    void aRevokeSharesTheWholeCatalogsIndexAndGraph() {
        PreparedDatabase revoked = held.withChanges(changes(database("2", Set.of(12, 7)), 7));

        assertThat(revoked.database()).isEqualTo(database("2", Set.of(12, 7)));
        assertThat(revoked.lexical()).isSameAs(held.lexical());
        assertThat(revoked.graph()).isSameAs(held.graph());
        assertThat(revoked.text(name(7), PacketFormat.CREATE_TABLE))
                .isEqualTo(held.text(name(7), PacketFormat.CREATE_TABLE));
    }

    @Test
    void aRoleTheRevokeLeavesAloneKeepsItsViewsIndexAndGraph() {
        PreparedDatabase revoked = held.withChanges(changes(database("2", Set.of(12, 7)), 7));

        assertThat(revoked.readableBy("hr_role").lexical())
                .isSameAs(held.readableBy("hr_role").lexical());
        assertThat(revoked.readableBy("hr_role").graph())
                .isSameAs(held.readableBy("hr_role").graph());
    }

    @Test
    void theViewARevokeOrGrantChangesEqualsItsViewPreparedFromScratch() {
        PreparedDatabase revoked = held.withChanges(changes(database("2", Set.of(12, 7)), 7));
        PreparedDatabase granted = revoked.withChanges(changes(database("3", Set.of(7)), 12));

        assertSameView(revoked.readableBy("sales_role"), database("2", Set.of(12, 7)));
        assertSameView(granted.readableBy("sales_role"), database("3", Set.of(7)));
        assertThat(revoked.readableBy("sales_role").contains(name(7))).isFalse();
        assertThat(granted.readableBy("sales_role").contains(name(12))).isTrue();
    }

    /** Everything retrieval reads of a role's view equals that of the catalog's view prepared from scratch. */
    private static void assertSameView(PreparedDatabase actual, IndexedDatabase catalog) {
        PreparedDatabase expected =
                PreparedDatabase.prepare(catalog, Catalogs.MODEL).readableBy("sales_role");
        assertThat(actual.database()).isEqualTo(expected.database());
        List<TableName> all = expected.tablesIn(Set.of());
        assertThat(actual.tablesIn(Set.of())).containsExactlyElementsOf(all);
        for (PacketFormat format : PacketFormat.values())
            for (TableName table : all) {
                assertThat(actual.text(table, format)).isEqualTo(expected.text(table, format));
                assertThat(actual.tokens(List.of(table), format)).isEqualTo(expected.tokens(List.of(table), format));
            }
        assertThat(actual.graph().edgesWithin(all)).isEqualTo(expected.graph().edgesWithin(all));
        for (String question : QUESTIONS)
            assertThat(actual.lexical().search(question, Set.of(), 20, 1.2, 0.75))
                    .isEqualTo(expected.lexical().search(question, Set.of(), 20, 1.2, 0.75));
    }

    /** The catalog where hr reads every table and sales every one but the {@code hiddenFromSales}. */
    private IndexedDatabase database(String version, Set<Integer> hiddenFromSales) {
        IndexedDatabase catalog = Catalogs.database(version, tables);
        Map<TableName, TableAccess> access = new HashMap<>();
        for (int i = 0; i < tables.size(); i++) {
            List<String> every =
                    tables.get(i).columns().stream().map(Column::name).toList();
            Map<String, List<String>> readers = new HashMap<>(Map.of("hr_role", every));
            if (!hiddenFromSales.contains(i)) readers.put("sales_role", every);
            access.put(tables.get(i).name(), new TableAccess(readers, false, List.of()));
        }
        List<IndexedTable> granted = catalog.tables().stream()
                .map(t -> new IndexedTable(
                        t.definition(),
                        t.module(),
                        t.generic(),
                        t.text(),
                        t.stamp(),
                        t.columns(),
                        t.relationships(),
                        access.get(t.definition().name())))
                .toList();
        return new IndexedDatabase("db", version, granted, catalog.docs(), PRINCIPALS);
    }

    /** What the store reports after a privilege change on table {@code i}: its rows, with their new access. */
    private static CatalogChanges changes(IndexedDatabase next, int i) {
        CatalogChanges changes = Catalogs.changes(next, Set.of(name(i)));
        return new CatalogChanges(next.version(), changes.changed(), changes.tables(), changes.docs(), PRINCIPALS);
    }

    private static TableName name(int i) {
        return Tables.name(new String[] {"hr", "sales", "finance"}[i % 3] + ".entity_" + i);
    }
}
