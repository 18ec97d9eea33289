package dev.schemarag.retrieval.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SharedStringsTest {

    @Test
    void givenFamilyTablesReadAsRowsOfTheirOwn_whenShared_thenTheyEqualTheRowsAndShareNamesTypesAndComments() {
        IndexedDatabase read = new IndexedDatabase(
                "dw", "1", List.of(events("events_20240101"), events("events_20240102")), List.of());

        IndexedDatabase shared = new SharedStrings().database(read);

        assertThat(shared).isEqualTo(read);
        Table first = shared.tables().get(0).definition();
        Table second = shared.tables().get(1).definition();
        for (int i = 0; i < first.columns().size(); i++) {
            Column a = first.columns().get(i);
            Column b = second.columns().get(i);
            assertThat(b.name()).isSameAs(a.name());
            assertThat(b.dataType()).isSameAs(a.dataType());
            assertThat(b.comment()).isSameAs(a.comment());
            assertThat(shared.tables().get(1).columns().get(i).name()).isSameAs(a.name());
        }
        assertThat(second.name().schema()).isSameAs(first.name().schema());
        assertThat(second.foreignKeys().get(0).referencedTable())
                .isSameAs(first.foreignKeys().get(0).referencedTable());
        // Each embedded text names its own table: left as read.
        assertThat(shared.tables().get(0).columns().get(0).text())
                .isSameAs(read.tables().get(0).columns().get(0).text());
    }

    @Test
    void givenTheVectorsOfTheSameCatalog_whenShared_thenTheirColumnsShareTheCatalogsNamesAndOneTableNamePerTable() {
        IndexedDatabase catalog = new SharedStrings()
                .database(new IndexedDatabase(
                        "dw", "1", List.of(events("events_20240101"), events("events_20240102")), List.of()));
        List<Embedded<DatabaseVectors.Column>> columns = new ArrayList<>();
        for (String table : List.of("events_20240101", "events_20240101", "events_20240102"))
            columns.add(new Embedded<>(
                    new DatabaseVectors.Column(new TableName(own("dw"), own(table)), own("user_id"), false),
                    new float[] {1, 0}));
        DatabaseVectors read = new DatabaseVectors(List.of(), columns, List.of());

        DatabaseVectors shared = new SharedStrings().vectors(read);

        assertThat(shared).usingRecursiveComparison().isEqualTo(read);
        List<DatabaseVectors.Column> rows =
                shared.columns().stream().map(Embedded::entity).toList();
        assertThat(rows.get(1).table()).isSameAs(rows.get(0).table());
        assertThat(rows.get(2).table()).isNotSameAs(rows.get(0).table());
        assertThat(rows.get(2).table().schema()).isSameAs(rows.get(0).table().schema());
        assertThat(rows.get(0).name())
                .isSameAs(catalog.tables().get(0).definition().columns().get(0).name());
        assertThat(shared.columns().get(0).vector())
                .isSameAs(read.columns().get(0).vector());
    }

    @Test
    void givenChanges_whenShared_thenTheyEqualTheChangesRead() {
        CatalogChanges read = new CatalogChanges(
                "2", Set.of(new TableName("dw", "events_20240103")), List.of(events("events_20240103")), List.of());

        assertThat(new SharedStrings().changes(read)).isEqualTo(read);
    }

    /** A family member as the store sends it: every string an object of its own. */
    private static IndexedTable events(String name) {
        TableName table = new TableName(own("dw"), own(name));
        List<Column> columns = List.of(
                new Column(own("user_id"), own("bigint"), false, null, own("The user who caused the event.")),
                new Column(own("event_name"), own("text"), true, null, own("What happened, e.g. page_view.")));
        Table definition = new Table(
                table,
                false,
                own("One row per tracked event."),
                columns,
                List.of(own("user_id")),
                List.of(new ForeignKey(
                        own("fk_user"),
                        List.of(own("user_id")),
                        new TableName(own("dw"), own("users")),
                        List.of(own("user_id")))),
                List.of());
        List<IndexedColumn> indexed = columns.stream()
                .map(c -> new IndexedColumn(own(c.name()), false, name + "." + c.name(), "stamp-" + c.name()))
                .toList();
        return new IndexedTable(definition, null, false, name + " text", "stamp", indexed);
    }

    private static String own(String s) {
        return new String(s.toCharArray());
    }
}
