package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.config.PacketFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConnectorRendererTest {
    private static final Table ORDERS = table("sales.orders")
            .pk("order_id")
            .fk("customer_id", "sales.customers", "customer_id")
            .fk("sales_rep_id", "hr.employees", "employee_id")
            .column("placed_at", "timestamptz")
            .column("shipping_note", "text", true, "free text from the customer")
            .build();
    private static final ForeignKeyEdge TO_CUSTOMERS = new ForeignKeyEdge(
            ORDERS.name(), List.of("customer_id"), Tables.name("sales.customers"), List.of("customer_id"));
    private static final ForeignKeyEdge FROM_ITEMS = new ForeignKeyEdge(
            Tables.name("sales.order_items"), List.of("order_id"), ORDERS.name(), List.of("order_id"));

    @Test
    void aConnectorKeepsItsKeyAndJoiningColumnsAndCountsTheRest() {
        Set<String> kept = ConnectorRenderer.keptColumns(ORDERS, List.of(TO_CUSTOMERS, FROM_ITEMS), Set.of(), "");

        String text = ConnectorRenderer.render(ORDERS, kept, PacketFormat.CREATE_TABLE, SqlDialect.POSTGRESQL);

        assertThat(text).isEqualTo("""
                        CREATE TABLE sales.orders (
                          order_id bigint NOT NULL,
                          customer_id bigint,
                          PRIMARY KEY (order_id),
                          FOREIGN KEY (customer_id) REFERENCES sales.customers (customer_id)
                        ); -- joins the tables above; 3 more columns not shown""");
    }

    @Test
    void columnsTheQuestionNamesOrTheColumnSearchHitAreKept() {
        Set<String> kept = ConnectorRenderer.keptColumns(
                ORDERS, List.of(TO_CUSTOMERS), Set.of("shipping_note"), "When were the orders placed?");

        assertThat(kept).containsExactlyInAnyOrder("customer_id", "shipping_note", "placed_at");
        assertThat(ConnectorRenderer.render(ORDERS, kept, PacketFormat.COMPACT, SqlDialect.POSTGRESQL))
                .isEqualTo("sales.orders (order_id bigint PK, customer_id bigint FK→customers, placed_at timestamptz,"
                        + " shipping_note text) -- joins the tables above; 1 more column not shown");
    }

    @Test
    void aConnectorWithNothingToLeaveOutIsRenderedInFull() {
        Set<String> all = Set.of("customer_id", "sales_rep_id", "placed_at", "shipping_note");

        assertThat(ConnectorRenderer.render(ORDERS, all, PacketFormat.CREATE_TABLE, SqlDialect.POSTGRESQL))
                .isEqualTo(CreateTableRenderer.render(ORDERS, SqlDialect.POSTGRESQL));
        assertThat(ConnectorRenderer.render(ORDERS, all, PacketFormat.COMPACT, SqlDialect.POSTGRESQL))
                .isEqualTo(CompactSchemaRenderer.render(ORDERS, SqlDialect.POSTGRESQL));
    }
}
