package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.name;
import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.JoinHintFormat;
import dev.schemarag.retrieval.config.PacketFormat;
import dev.schemarag.retrieval.graph.ForeignKeyGraph;
import java.util.List;
import org.junit.jupiter.api.Test;

class JoinHintsTest {
    private static final TableName ORDERS = name("sales.orders");
    private static final TableName CUSTOMERS = name("sales.customers");
    private static final TableName REGIONS = name("sales.regions");
    private static final TableName ITEMS = name("sales.order_items");

    /** order_items → orders → customers → regions. */
    private final ForeignKeyGraph graph = ForeignKeyGraph.of(List.of(
            table("sales.orders")
                    .pk("order_id")
                    .fk("customer_id", "sales.customers", "customer_id")
                    .build(),
            table("sales.customers")
                    .pk("customer_id")
                    .fk("region_id", "sales.regions", "region_id")
                    .build(),
            table("sales.regions").pk("region_id").build(),
            table("sales.order_items")
                    .pk("item_id")
                    .fk("order_id", "sales.orders", "order_id")
                    .build()));

    @Test
    void edgesAreJoinConditionsBetweenSelectedTablesOnly() {
        assertThat(JoinHints.of(List.of(ORDERS, CUSTOMERS), graph, JoinHintFormat.EDGES, SqlDialect.POSTGRESQL))
                .containsExactly("orders.customer_id = customers.customer_id");
    }

    @Test
    void pathsRunFromTheBestRankedTableToEachLeaf() {
        assertThat(JoinHints.of(
                        List.of(CUSTOMERS, ITEMS, ORDERS, REGIONS), graph, JoinHintFormat.PATHS, SqlDialect.POSTGRESQL))
                .containsExactlyInAnyOrder("customers -> orders -> order_items", "customers -> regions");
    }

    @Test
    void bothGivesEdgesThenPaths() {
        assertThat(JoinHints.of(List.of(ORDERS, CUSTOMERS), graph, JoinHintFormat.BOTH, SqlDialect.POSTGRESQL))
                .containsExactly("orders.customer_id = customers.customer_id", "orders -> customers");
    }

    @Test
    void noneGivesNoHints() {
        assertThat(JoinHints.of(List.of(ORDERS, CUSTOMERS), graph, JoinHintFormat.NONE, SqlDialect.POSTGRESQL))
                .isEmpty();
    }

    @Test
    void tablesThatShareANameAreQualified() {
        ForeignKeyGraph twoSchemas = ForeignKeyGraph.of(List.of(
                table("crm.accounts")
                        .pk("account_id")
                        .fk("ledger_id", "gl.accounts", "account_id")
                        .build(),
                table("gl.accounts").pk("account_id").build()));

        assertThat(JoinHints.of(
                        List.of(name("crm.accounts"), name("gl.accounts")),
                        twoSchemas,
                        JoinHintFormat.EDGES,
                        SqlDialect.POSTGRESQL))
                .containsExactly("crm.accounts.ledger_id = gl.accounts.account_id");
    }

    @Test
    void aCompositeKeyJoinsOnEveryColumn() {
        ForeignKeyGraph composite = ForeignKeyGraph.of(List.of(
                table("s.shipments")
                        .column("order_id", "bigint")
                        .column("line_no", "int")
                        .foreignKey(List.of("order_id", "line_no"), "s.order_lines", List.of("order_id", "line_no"))
                        .build(),
                table("s.order_lines")
                        .column("order_id", "bigint")
                        .column("line_no", "int")
                        .build()));

        assertThat(JoinHints.of(
                        List.of(name("s.shipments"), name("s.order_lines")),
                        composite,
                        JoinHintFormat.EDGES,
                        SqlDialect.POSTGRESQL))
                .containsExactly(
                        "shipments.order_id = order_lines.order_id AND shipments.line_no = order_lines.line_no");
    }

    /** payments.order_id is inferred; orders -> customers is declared. */
    private static final ForeignKeyGraph MIXED = ForeignKeyGraph.of(
            List.of(
                    table("sales.orders")
                            .pk("order_id")
                            .fk("customer_id", "sales.customers", "customer_id")
                            .build(),
                    table("sales.customers").pk("customer_id").build(),
                    table("sales.payments")
                            .pk("payment_id")
                            .column("order_id", "bigint")
                            .build()),
            List.of(new ForeignKeyEdge(
                    name("sales.payments"),
                    List.of("order_id"),
                    ORDERS,
                    List.of("order_id"),
                    EdgeSource.INFERRED,
                    0.9)));

    @Test
    void edgesTheDatabaseDoesNotEnforceAreMarked() {
        assertThat(JoinHints.of(
                        List.of(name("sales.payments"), ORDERS, CUSTOMERS),
                        MIXED,
                        JoinHintFormat.BOTH,
                        SqlDialect.POSTGRESQL))
                .containsExactly(
                        "payments.order_id = orders.order_id (inferred, confidence 0.9)",
                        "orders.customer_id = customers.customer_id",
                        "payments ~> orders -> customers");
    }

    @Test
    void aPacketOfCreateTableStatementsRepeatsOnlyTheEdgesItsDdlDoesNotState() {
        List<TableName> tables = List.of(name("sales.payments"), ORDERS, CUSTOMERS);

        assertThat(JoinHints.forPacket(
                        tables, MIXED, JoinHintFormat.BOTH, SqlDialect.POSTGRESQL, PacketFormat.CREATE_TABLE))
                .containsExactly(
                        "payments.order_id = orders.order_id (inferred, confidence 0.9)",
                        "payments ~> orders -> customers");
        assertThat(JoinHints.forPacket(
                        tables, MIXED, JoinHintFormat.EDGES, SqlDialect.POSTGRESQL, PacketFormat.COMPACT))
                .isEqualTo(JoinHints.of(tables, MIXED, JoinHintFormat.EDGES, SqlDialect.POSTGRESQL));
    }
}
