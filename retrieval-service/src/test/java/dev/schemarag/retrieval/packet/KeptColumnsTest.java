package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.Tables;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeptColumnsTest {
    static final Table ORDERS = table("sales.orders")
            .pk("order_id")
            .fk("customer_id", "sales.customers", "customer_id")
            .fk("sales_rep_id", "hr.employees", "employee_id")
            .column("placed_at", "timestamptz")
            .column("shipping_note", "text", true, "free text from the customer")
            .build();
    static final ForeignKeyEdge TO_CUSTOMERS = new ForeignKeyEdge(
            ORDERS.name(), List.of("customer_id"), Tables.name("sales.customers"), List.of("customer_id"));
    static final ForeignKeyEdge FROM_ITEMS = new ForeignKeyEdge(
            Tables.name("sales.order_items"), List.of("order_id"), ORDERS.name(), List.of("order_id"));

    @Test
    void theJoiningColumnsOfThePacketsEdgesAreKept() {
        assertThat(KeptColumns.of(ORDERS, List.of(TO_CUSTOMERS, FROM_ITEMS), Set.of(), ""))
                .containsExactlyInAnyOrder("customer_id", "order_id");
    }

    @Test
    void columnsTheQuestionNamesOrTheGivenHitsAreKept() {
        assertThat(KeptColumns.of(
                        ORDERS, List.of(TO_CUSTOMERS), Set.of("shipping_note"), "When were the orders placed?"))
                .containsExactlyInAnyOrder("customer_id", "shipping_note", "placed_at");
    }

    @Test
    void aWordOfTheTablesOwnNameKeepsNoColumn() {
        Table withNumber = table("sales.orders")
                .pk("order_id")
                .column("order_number", "text")
                .column("placed_at", "timestamptz")
                .build();

        assertThat(KeptColumns.of(withNumber, List.of(), Set.of(), "How many orders were placed per month?"))
                .containsExactly("placed_at");
    }

    @Test
    void narrowingKeepsThePrimaryKeyAndTheConstraintsOfTheKeptColumnsOnly() {
        Table narrow = KeptColumns.narrowed(ORDERS, Set.of("customer_id"));

        assertThat(narrow.columns()).extracting(Column::name).containsExactly("order_id", "customer_id");
        assertThat(narrow.foreignKeys()).hasSize(1);
        assertThat(narrow.foreignKeys().get(0).columns()).containsExactly("customer_id");
    }
}
