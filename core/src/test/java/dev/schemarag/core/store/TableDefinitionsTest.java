package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableDefinitionsTest {
    @Test
    void aTableSurvivesTheJsonRoundTrip() {
        Table table = new Table(
                new TableName("public", "order_lines"),
                false,
                "Lines of an order",
                List.of(
                        new Column("order_id", "bigint", false, null, null),
                        new Column("line_no", "integer", false, "1", "Position in the order")),
                List.of("order_id", "line_no"),
                List.of(new ForeignKey(
                        "fk_order", List.of("order_id"), new TableName("public", "orders"), List.of("order_id"))),
                List.of(List.of("order_id", "line_no")));

        assertThat(TableDefinitions.fromJson(TableDefinitions.toJson(table))).isEqualTo(table);
    }

    @Test
    void annotatedRelationshipsSurviveTheJsonRoundTrip() {
        Table table = new Table(
                        new TableName("s", "orders"),
                        false,
                        null,
                        List.of(new Column("client_ref", "bigint", true, null, null)),
                        List.of(),
                        List.of(),
                        List.of())
                .withRelationships(List.of(
                        new Relationship(List.of("client_ref"), new TableName("s", "clients"), List.of("id"), false),
                        new Relationship(List.of("client_ref"), new TableName("s", "refs"), List.of("id"), true)));

        assertThat(TableDefinitions.fromJson(TableDefinitions.toJson(table))).isEqualTo(table);
    }

    @Test
    void aDefinitionStoredBeforeRelationshipsExistedReadsAsHavingNone() {
        String stored = "{\"name\":{\"schema\":\"s\",\"table\":\"t\"},\"view\":false,\"comment\":null,"
                + "\"columns\":[],\"primaryKey\":[],\"foreignKeys\":[],\"uniqueConstraints\":[]}";

        assertThat(TableDefinitions.fromJson(stored).relationships()).isEmpty();
    }

    @Test
    void aCorruptDefinitionIsAClearError() {
        assertThatThrownBy(() -> TableDefinitions.fromJson("{\"name\": 3"))
                .hasMessageContaining("stored table definition");
    }
}
